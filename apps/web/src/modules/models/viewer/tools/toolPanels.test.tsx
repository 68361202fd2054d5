// The measure, section and settings panels in jsdom, over stand-ins of their controllers (the controllers
// drive OBC / OBF and need WebGL; their pure parts are tested in pure.test.ts).
import { CLIPPING_PLANES_MAX } from '@lintel/contracts/models';
import { fireEvent, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { setupUser } from '../../../../test/user';
import './locales';
import { MeasurePanel } from './measure/MeasurePanel';
import type { MeasureController, MeasureItem } from './measure/measureController';
import { RoamingOverlay } from './roaming/RoamingOverlay';
import type { RoamingController } from './roaming/roamingController';
import { SectionPanel } from './section/SectionPanel';
import type { SectionController } from './section/sectionController';
import { SettingsPopover } from './settings/SettingsPopover';
import { DEFAULT_SETTINGS } from './settings/viewerSettings';

function render(ui: React.ReactElement) {
  return { user: setupUser(), ...renderWithProviders(<App component={false}>{ui}</App>) };
}

function fakeMeasure(items: MeasureItem[]) {
  const listeners = new Set<() => void>();
  const fake = {
    active: 'length',
    snap: { vertices: true, edges: true },
    items: () => items,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    remove: vi.fn((id: string) => {
      items = items.filter((item) => item.id !== id);
      for (const listener of listeners) listener();
    }),
    clear: vi.fn(),
    finish: vi.fn(),
    setSnapping: vi.fn(),
  };
  return fake;
}

describe('measure panel', { timeout: 60_000 }, () => {
  it('lists the measures in the chosen unit and deletes one or all', async () => {
    const measure = fakeMeasure([
      { id: 'l1', kind: 'length', raw: 3.456, number: 1 },
      { id: 'a1', kind: 'area', raw: 12.5, number: 1 },
      { id: 'g1', kind: 'angle', raw: Math.PI / 4, number: 1 },
    ]);
    const onKindChange = vi.fn();
    const { user } = render(
      <MeasurePanel
        measure={measure as unknown as MeasureController}
        format={{ lengthUnit: 'cm', precision: 1 }}
        onKindChange={onKindChange}
      />,
    );
    const list = await screen.findByTestId('measure-list');
    expect(within(list).getByText('345.6 cm')).toBeInTheDocument();
    expect(within(list).getByText('125000.0 cm²')).toBeInTheDocument();
    expect(within(list).getByText('45.0°')).toBeInTheDocument();
    expect(screen.getByText(/单击起点，再单击终点/)).toBeInTheDocument();

    await user.click(within(list).getAllByRole('button', { name: '删除此测量' })[0]!);
    expect(measure.remove).toHaveBeenCalledWith('l1');
    expect(within(screen.getByTestId('measure-list')).queryByText('345.6 cm')).toBeNull();

    await user.click(screen.getByTestId('measure-clear'));
    expect(measure.clear).toHaveBeenCalled();

    await user.click(screen.getByTestId('measure-kind-angle'));
    expect(onKindChange).toHaveBeenCalledWith('angle');

    await user.click(screen.getByRole('checkbox', { name: '边' }));
    expect(measure.setSnapping).toHaveBeenCalledWith({ vertices: true, edges: false });
  });

  it('says when there is nothing measured yet', async () => {
    render(
      <MeasurePanel
        measure={fakeMeasure([]) as unknown as MeasureController}
        format={{ lengthUnit: 'm', precision: 2 }}
        onKindChange={vi.fn()}
      />,
    );
    expect(await screen.findByText('还没有测量结果')).toBeInTheDocument();
    expect(screen.queryByTestId('measure-clear')).toBeNull();
  });
});

function fakeSection(planeCount: number) {
  const planes = Array.from({ length: planeCount }, (_, index) => ({
    id: `p${index}`,
    plane: {
      normal: [0, 1, 0] as [number, number, number],
      point: [0, index, 0] as [number, number, number],
    },
  }));
  return {
    planes: () => planes,
    box: () => null,
    modelBounds: () => ({ min: [0, 0, 0], max: [10, 10, 10] }),
    subscribe: () => () => undefined,
    enabled: true,
    handles: true,
    picking: false,
    canAdd: planeCount < CLIPPING_PLANES_MAX,
    startPicking: vi.fn(),
    flip: vi.fn(),
    remove: vi.fn(),
    removeAllPlanes: vi.fn(),
    setEnabled: vi.fn(),
    boxAroundSelection: vi.fn(async () => null),
  };
}

describe('section panel', { timeout: 60_000 }, () => {
  it('adds, flips and deletes planes, and turns the sections off', async () => {
    const section = fakeSection(2);
    const { user } = render(<SectionPanel section={section as unknown as SectionController} />);
    const list = await screen.findByTestId('section-plane-list');
    expect(within(list).getByText('剖切面 2')).toBeInTheDocument();
    await user.click(screen.getByTestId('section-add-plane'));
    expect(section.startPicking).toHaveBeenCalled();
    await user.click(within(list).getAllByRole('button', { name: '翻转' })[1]!);
    expect(section.flip).toHaveBeenCalledWith('p1');
    await user.click(within(list).getAllByRole('button', { name: '删除剖切面' })[0]!);
    expect(section.remove).toHaveBeenCalledWith('p0');
    await user.click(screen.getByTestId('section-enabled'));
    expect(section.setEnabled).toHaveBeenCalledWith(false);
    // A box with nothing loaded says so.
    await user.click(screen.getByTestId('section-box-create'));
    expect(await screen.findByText('没有可剖切的模型')).toBeInTheDocument();
  });

  it(`stops adding at ${CLIPPING_PLANES_MAX} planes`, async () => {
    render(<SectionPanel section={fakeSection(CLIPPING_PLANES_MAX) as unknown as SectionController} />);
    const add = await screen.findByTestId('section-add-plane');
    expect(add).toBeDisabled();
    expect(add).toHaveTextContent(`最多 ${CLIPPING_PLANES_MAX} 个剖切面`);
  });
});

describe('settings popover', { timeout: 60_000 }, () => {
  it('changes the measure unit and precision', async () => {
    const onChange = vi.fn();
    const { user } = render(<SettingsPopover settings={DEFAULT_SETTINGS} onChange={onChange} />);
    await user.click(screen.getByTestId('viewer-settings-button'));
    const precision = await screen.findByTestId('settings-precision');
    fireEvent.change(precision, { target: { value: '3' } });
    fireEvent.blur(precision);
    expect(onChange).toHaveBeenCalledWith({ precision: 3 });
    await user.click(screen.getByText('恢复默认'));
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_SETTINGS });
  });
});

describe('walking overlay', { timeout: 60_000 }, () => {
  it('tells a phone to drag and hold the pad, a desktop to use the keys, and the pad walks', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const roaming = {
      active: true,
      locked: false,
      speed: 2,
      subscribe: () => () => undefined,
      press: vi.fn(),
      setSpeed: vi.fn(),
      stop: vi.fn(),
    } as unknown as RoamingController;
    const coarse = vi.fn((query: string) => ({ matches: query === '(pointer: coarse)' }) as MediaQueryList);
    vi.stubGlobal('matchMedia', coarse);
    const { unmount } = render(<RoamingOverlay roaming={roaming} host={host} />);
    const overlay = screen.getByTestId('roaming-overlay');
    expect(overlay).toHaveTextContent('在画面上拖动环视');
    fireEvent.pointerDown(within(overlay).getByRole('button', { name: '前进' }));
    expect(roaming.press).toHaveBeenCalledWith('forward', true);
    unmount();
    vi.stubGlobal('matchMedia', () => ({ matches: false }) as MediaQueryList);
    render(<RoamingOverlay roaming={roaming} host={host} />);
    expect(screen.getByTestId('roaming-overlay')).toHaveTextContent('W/A/S/D');
    vi.unstubAllGlobals();
    host.remove();
  });
});
