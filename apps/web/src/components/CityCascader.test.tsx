import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { setupUser } from '../test/user';
import { CityCascader } from './CityCascader';

function Controlled({
  initial,
  onChange,
}: {
  initial?: string;
  onChange: (city: string | undefined) => void;
}) {
  const [city, setCity] = useState<string | undefined>(initial);
  return (
    <>
      <CityCascader
        value={city}
        onChange={(next) => {
          setCity(next);
          onChange(next);
        }}
      />
      <output data-testid="city-value">{city ?? ''}</output>
    </>
  );
}

const picker = () => screen.getByTestId('city-cascader');

/** The open popup's menu item with this name, in the given column (0 province, 1 city, 2 district). */
async function pick(user: ReturnType<typeof userEvent.setup>, column: number, name: string) {
  const item = await waitFor(() => {
    const menus = document.querySelectorAll('.ant-cascader-menu');
    const menu = menus[column] as HTMLElement | undefined;
    if (!menu) throw new Error(`no column ${column}`);
    return within(menu).getByTitle(name);
  });
  await user.click(item);
}

describe('CityCascader', () => {
  it('loads the districts when it mounts, showing the saved city meanwhile, then by its names', async () => {
    renderWithProviders(<Controlled initial="北京市/市辖区/东城区" onChange={vi.fn()} />);
    // Before the data is in: the loading state, the saved value as it is.
    expect(picker()).toHaveAttribute('data-state', 'loading');
    await waitFor(() => expect(picker()).toHaveAttribute('data-state', 'ready'));
    expect(picker()).toHaveTextContent('北京市 / 市辖区 / 东城区');
  });

  it('answers the chosen province / city / district as the profile’s "/"-joined names', async () => {
    const onChange = vi.fn();
    const user = setupUser();
    renderWithProviders(<Controlled onChange={onChange} />);
    await waitFor(() => expect(picker()).toHaveAttribute('data-state', 'ready'));
    expect(picker()).toHaveTextContent('请选择省 / 市 / 区');
    await user.click(within(picker()).getByRole('combobox'));
    await pick(user, 0, '浙江省');
    await pick(user, 1, '杭州市');
    await pick(user, 2, '西湖区');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('浙江省/杭州市/西湖区'));
    expect(screen.getByTestId('city-value')).toHaveTextContent('浙江省/杭州市/西湖区');
    // …and the value comes back into the picker as the same three names.
    expect(picker()).toHaveTextContent('浙江省 / 杭州市 / 西湖区');
  });

  it('finds a district by typing part of its name', async () => {
    const onChange = vi.fn();
    const user = setupUser();
    renderWithProviders(<Controlled onChange={onChange} />);
    await waitFor(() => expect(picker()).toHaveAttribute('data-state', 'ready'));
    await user.type(within(picker()).getByRole('combobox'), '东城区');
    const match = await screen.findByRole('menuitemcheckbox', { name: '北京市 / 市辖区 / 东城区' });
    await user.click(match);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('北京市/市辖区/东城区'));
  });

  it('keeps a saved city the data does not know, shown as it was saved', async () => {
    renderWithProviders(<Controlled initial="旧省/旧市" onChange={vi.fn()} />);
    await waitFor(() => expect(picker()).toHaveAttribute('data-state', 'ready'));
    expect(picker()).toHaveTextContent('旧省/旧市');
  });
});
