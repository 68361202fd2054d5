import type { FormField } from '@lintel/contracts/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { setupUser } from '../../../test/user';
import { PROJECT_ID } from '../testSupport';
import { FormDesigner } from './FormDesigner';

let latest: FormField[] = [];

function Designer({ initial = [] }: { initial?: FormField[] }) {
  const [fields, setFields] = useState<FormField[]>(initial);
  latest = fields;
  return <FormDesigner fields={fields} onChange={setFields} projectId={PROJECT_ID} />;
}

const keys = () => latest.map((field) => field.key);

/** A drag's data as the browser carries it between dragstart and drop (jsdom has no DataTransfer). */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    dropEffect: 'none',
    effectAllowed: 'all',
  };
}

describe('FormDesigner', () => {
  it('adds fields by click and by drag, reorders them, and deletes one after asking', async () => {
    renderWithProviders(<Designer />);
    const user = setupUser();
    expect(screen.getAllByTestId(/^palette-/)).toHaveLength(16);
    await user.click(screen.getByTestId('palette-text'));
    await user.click(screen.getByTestId('palette-number'));
    // A click places the new field after the selected one (the one just added).
    expect(keys()).toEqual(['text_1', 'number_1']);
    expect(screen.getByTestId('designer-field-1')).toHaveTextContent('数字');
    expect(screen.getByTestId('prop-title')).toHaveValue('数字');

    // Dragged from the palette onto the first field: placed before it.
    const transfer = dataTransfer();
    fireEvent.dragStart(screen.getByTestId('palette-subList'), { dataTransfer: transfer });
    fireEvent.dragOver(screen.getByTestId('designer-field-0'), { dataTransfer: transfer });
    fireEvent.drop(screen.getByTestId('designer-field-0'), { dataTransfer: transfer });
    expect(keys()).toEqual(['subList_1', 'text_1', 'number_1']);
    expect(latest[0]).toMatchObject({ kind: 'subList', columns: [{ kind: 'text', key: 'text_2' }] });

    // A placed field dragged to the end, then moved with the buttons.
    const move = dataTransfer();
    fireEvent.dragStart(screen.getByTestId('designer-field-0'), { dataTransfer: move });
    fireEvent.dragOver(screen.getByTestId('designer-drop-end'), { dataTransfer: move });
    fireEvent.drop(screen.getByTestId('designer-drop-end'), { dataTransfer: move });
    expect(keys()).toEqual(['text_1', 'number_1', 'subList_1']);
    await user.click(screen.getByTestId('designer-up-1'));
    expect(keys()).toEqual(['number_1', 'text_1', 'subList_1']);
    await user.click(screen.getByTestId('designer-down-0'));
    expect(keys()).toEqual(['text_1', 'number_1', 'subList_1']);
    expect(screen.getByTestId('designer-up-0')).toBeDisabled();
    expect(screen.getByTestId('designer-down-2')).toBeDisabled();

    await user.click(screen.getByTestId('designer-remove-1'));
    expect(await screen.findByText('删除字段“数字”？')).toBeInTheDocument();
    expect(keys()).toHaveLength(3);
    await user.click(screen.getByTestId('designer-remove-confirm'));
    await waitFor(() => expect(keys()).toEqual(['text_1', 'subList_1']));

    // The preview renders the same fields in a 390 px phone frame.
    await user.click(screen.getByText('手机'));
    const phone = await screen.findByTestId('preview-phone');
    expect(within(phone).getByTestId('preview-form')).toHaveAttribute('data-layout', 'phone');
    expect(within(phone).getByTestId('field-text_1')).toBeInTheDocument();
    expect(within(phone).getByTestId('field-subList_1-list')).toBeInTheDocument();
  });

  it('edits properties, shows what is wrong on the property, and edits a sub-list’s columns', async () => {
    renderWithProviders(
      <Designer
        initial={[
          { kind: 'number', key: 'qty', title: '数量', precision: 0 },
          { kind: 'text', key: 'name', title: '名称' },
          {
            kind: 'subList',
            key: 'items',
            title: '明细',
            columns: [{ kind: 'text', key: 'label', title: '材料' }],
          },
        ]}
      />,
    );
    const user = setupUser();
    // The first field is selected: its properties are shown.
    fireEvent.change(screen.getByTestId('prop-title'), { target: { value: '方量' } });
    expect(screen.getByTestId('designer-field-0')).toHaveTextContent('方量');
    fireEvent.change(screen.getByTestId('prop-min'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('prop-max'), { target: { value: '5' } });
    await waitFor(() => expect(latest[0]).toMatchObject({ min: 10, max: 5 }));
    expect(await screen.findByTestId('prop-problem-max')).toHaveTextContent('最大值不能小于最小值');
    expect(screen.getByTestId('designer-problems-0')).toHaveTextContent('1');
    await user.click(screen.getByTestId('prop-required'));
    expect(latest[0]).toMatchObject({ required: true });
    fireEvent.change(screen.getByTestId('prop-title'), { target: { value: '' } });
    expect(screen.getByTestId('prop-problem-title')).toHaveTextContent('不能为空');

    // A key another field has is that field's problem, on its key.
    await user.click(screen.getByTestId('designer-select-1'));
    fireEvent.change(screen.getByTestId('prop-key'), { target: { value: 'qty' } });
    expect(screen.getByTestId('prop-problem-key')).toHaveTextContent('与其他字段的标识重复');
    fireEvent.change(screen.getByTestId('prop-key'), { target: { value: '9name' } });
    expect(screen.getByTestId('prop-problem-key')).toHaveTextContent('以字母开头');
    fireEvent.change(screen.getByTestId('prop-key'), { target: { value: 'name' } });
    expect(screen.queryByTestId('prop-problem-key')).toBeNull();

    // The sub-list: a number column added, given a total, its own title emptied (shown on the column).
    await user.click(screen.getByTestId('designer-select-2'));
    const editor = screen.getByTestId('columns-editor');
    fireEvent.mouseDown(within(editor).getByRole('combobox'));
    await user.click(await screen.findByTitle('数字'));
    await user.click(screen.getByTestId('column-add'));
    expect(latest[2]).toMatchObject({ columns: [{ key: 'label' }, { kind: 'number', key: 'number_1' }] });
    await user.click(screen.getByTestId('column-edit-1'));
    const column = screen.getByTestId('column-properties');
    fireEvent.change(within(column).getByTestId('prop-title'), { target: { value: '' } });
    expect(within(column).getByTestId('prop-problem-title')).toHaveTextContent('不能为空');
    expect(within(column).queryByTestId('prop-visible')).toBeNull();
    await user.click(screen.getByTestId('column-back'));
    expect(screen.getByTestId('column-1')).toHaveTextContent('1');
  });
});
