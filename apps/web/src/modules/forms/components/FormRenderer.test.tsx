import type { FormField } from '@lintel/contracts/forms';
import type { FieldAccess } from '@lintel/contracts/workflow';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import { setupUser } from '../../../test/user';
import {
  ALL_KINDS,
  DEPARTMENT_ID,
  FILE_ID,
  LISI,
  PROJECT_ID,
  SIGNATURE_ID,
  serveLookups,
  ZHANGSAN,
} from '../testSupport';
import { FormDetail, FormRenderer, useFormFill } from './FormRenderer';

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
  serveLookups(api);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl, getLanguage: () => 'zh-CN' });
});
afterEach(() => vi.restoreAllMocks());

/** A form being filled in, its submit button and what it would send (only when the check passed). */
function Fill({
  fields,
  access,
  stored,
  layout,
}: {
  fields: FormField[];
  access?: Record<string, FieldAccess>;
  stored?: Record<string, unknown>;
  layout?: 'phone';
}) {
  const fill = useFormFill(fields, { access, stored });
  const [sent, setSent] = useState<unknown>(null);
  return (
    <>
      <FormRenderer
        fields={fields}
        projectId={PROJECT_ID}
        access={access}
        values={fill.values}
        onChange={fill.onChange}
        problems={fill.problems}
        layout={layout}
      />
      <button
        type="button"
        data-testid="submit"
        onClick={() => {
          const result = fill.validate();
          setSent(result.problems.length === 0 ? result.input : null);
        }}
      >
        submit
      </button>
      <pre data-testid="sent">{JSON.stringify(sent)}</pre>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? 'null');

describe('FormRenderer', () => {
  it('renders every kind with its properties, and shows the contract’s messages on the fields in both languages', async () => {
    renderWithProviders(<Fill fields={ALL_KINDS} />);
    for (const field of ALL_KINDS) expect(screen.getByTestId(`field-${field.key}`)).toBeInTheDocument();
    expect(screen.getByTestId('field-intro')).toHaveTextContent('请如实填写。');
    expect(screen.getByTestId('field-line')).toHaveTextContent('以下由审批人填写');
    expect(screen.getByTestId('field-name-input')).toHaveAttribute('placeholder', '工程名称');
    expect(screen.getByTestId('field-notes')).toHaveTextContent('可写多行');
    expect(screen.getByTestId('field-amount')).toHaveTextContent('元');
    expect(screen.getByTestId('field-photos-input-hint')).toHaveTextContent('3');
    expect(screen.getByTestId('field-sign-input-canvas')).toBeInTheDocument();
    expect(screen.getByTestId('field-place-input-detail')).toBeInTheDocument();
    expect(screen.getByTestId('field-items-list')).toBeInTheDocument();
    expect(screen.getByTestId('field-stamp-input-switch')).toBeInTheDocument();
    // The required field is marked; the others are not.
    expect(screen.getByTestId('field-name').querySelector('.ant-form-item-required')).not.toBeNull();
    expect(screen.getByTestId('field-notes').querySelector('.ant-form-item-required')).toBeNull();

    const user = setupUser();
    fireEvent.change(screen.getByTestId('field-amount-input'), { target: { value: '12.345' } });
    await user.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('problem-name')).toHaveTextContent('请填写名称');
    expect(screen.getByTestId('problem-amount')).toHaveTextContent('最多 2 位小数');
    expect(sent()).toBeNull();
    await act(() => changeLanguage('en-US'));
    expect(screen.getByTestId('problem-name')).toHaveTextContent('名称 is required');
    expect(screen.getByTestId('problem-amount')).toHaveTextContent('At most 2 decimal places');

    // Correcting a field takes its message away; a valid form sends the values as the server takes them.
    fireEvent.change(screen.getByTestId('field-name-input'), { target: { value: '一号楼' } });
    expect(screen.queryByTestId('problem-name')).toBeNull();
    fireEvent.change(screen.getByTestId('field-amount-input'), { target: { value: '2000' } });
    await user.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('problem-amount')).toHaveTextContent('Must be between 0 and 1000');
    fireEvent.change(screen.getByTestId('field-amount-input'), { target: { value: '12.5' } });
    await user.click(screen.getByTestId('field-stamp-input-switch'));
    await user.click(screen.getByTestId('submit'));
    await waitFor(() =>
      expect(sent()).toMatchObject({ name: '一号楼', amount: 12.5, stamp: true, notes: null }),
    );
  });

  it('leaves hidden fields out, shows read-only ones as text, and sends neither', async () => {
    const fields = ALL_KINDS.filter((field) => ['name', 'grade', 'amount', 'people'].includes(field.key));
    renderWithProviders(
      <Fill
        fields={fields}
        access={{ name: 'hidden', grade: 'readonly', people: 'readonly', amount: 'required' }}
        stored={{ name: '秘密', grade: 'b', people: [LISI._id], amount: null }}
      />,
    );
    expect(screen.queryByTestId('field-name')).toBeNull();
    expect(screen.queryByText('秘密')).toBeNull();
    expect(screen.getByTestId('field-grade-value')).toHaveTextContent('乙');
    expect(screen.queryByTestId('field-grade-input')).toBeNull();
    expect(await screen.findByText('李四')).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('problem-amount')).toHaveTextContent('请填写金额');
    fireEvent.change(screen.getByTestId('field-amount-input'), { target: { value: '3' } });
    await user.click(screen.getByTestId('submit'));
    await waitFor(() => expect(sent()).toEqual({ amount: 3 }));
  });

  it('adds and removes sub-list rows, checks each cell, sums the totals; cards in the phone layout', async () => {
    const items = ALL_KINDS.filter((field) => field.key === 'items');
    const { unmount } = renderWithProviders(<Fill fields={items} />);
    const user = setupUser();
    expect(screen.queryAllByTestId('field-items-list-row')).toHaveLength(0);
    await user.click(screen.getByTestId('field-items-list-add'));
    await user.click(screen.getByTestId('field-items-list-add'));
    expect(screen.getAllByTestId('field-items-list-row')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('field-items-list-0-qty'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('field-items-list-1-label'), { target: { value: '钢筋' } });
    await user.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('problem-items[1].qty')).toHaveTextContent('请填写数量');
    fireEvent.change(screen.getByTestId('field-items-list-1-qty'), { target: { value: '6' } });
    await waitFor(() => expect(screen.getByTestId('field-items-list-totals')).toHaveTextContent('数量 10'));
    await user.click(screen.getByTestId('field-items-list-remove-0'));
    expect(screen.getAllByTestId('field-items-list-row')).toHaveLength(1);
    await user.click(screen.getByTestId('submit'));
    await waitFor(() => expect(sent()).toEqual({ items: [{ label: '钢筋', qty: 6 }] }));
    unmount();

    renderWithProviders(<Fill fields={items} layout="phone" stored={{ items: [{ label: '砂', qty: 1 }] }} />);
    expect(screen.getByTestId('form-renderer')).toHaveAttribute('data-layout', 'phone');
    const card = screen.getByTestId('field-items-list-row');
    expect(card).toHaveClass('ant-card');
    expect(within(card).getByText('第 1 行')).toBeInTheDocument();
    expect(within(card).getByTestId('field-items-list-0-label')).toHaveValue('砂');
  });

  it('turns a drawing on the signature pad into an uploaded signature the form sends', async () => {
    const strokes: string[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          scale: () => undefined,
          beginPath: () => strokes.push('begin'),
          moveTo: () => undefined,
          lineTo: () => strokes.push('line'),
          stroke: () => undefined,
          clearRect: () => strokes.push('clear'),
        }) as never,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(
      (callback: BlobCallback, type?: string) =>
        callback(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type })),
    );
    const sign = ALL_KINDS.filter((field) => field.key === 'sign').map((field) => ({
      ...field,
      required: true,
    }));
    renderWithProviders(<Fill fields={sign as FormField[]} />);
    const user = setupUser();
    await user.click(screen.getByTestId('field-sign-input-confirm'));
    expect(screen.getByRole('status')).toHaveTextContent('请先签名');
    const canvas = screen.getByTestId('field-sign-input-canvas');
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, buttons: 1, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, buttons: 1, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(strokes.filter((s) => s === 'line').length).toBeGreaterThanOrEqual(2);
    await user.click(screen.getByTestId('field-sign-input-clear'));
    expect(strokes).toContain('clear');
    expect(screen.getByTestId('field-sign-input-clear')).toBeDisabled();
    fireEvent.pointerDown(canvas, { clientX: 5, clientY: 5, buttons: 1, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 50, clientY: 20, buttons: 1, pointerId: 1 });
    await user.click(screen.getByTestId('field-sign-input-confirm'));
    expect(await screen.findByAltText('签名')).toHaveAttribute('src', expect.stringContaining(SIGNATURE_ID));
    const upload = api.requests.find((request) => request.method === 'POST');
    expect(upload?.path).toBe('base-service/files');
    await user.click(screen.getByTestId('submit'));
    await waitFor(() => expect(sent()).toEqual({ sign: SIGNATURE_ID }));
  });

  it('shows a stored form read-only in detail mode: names for people, departments, options and files', async () => {
    renderWithProviders(
      <FormDetail
        fields={ALL_KINDS}
        projectId={PROJECT_ID}
        stored={{
          name: '一号楼',
          grade: 'a',
          tags: ['x', 'y'],
          amount: 12.5,
          day: '2026-11-27',
          people: [ZHANGSAN._id],
          depts: [DEPARTMENT_ID],
          files: [FILE_ID],
          items: [{ label: '钢筋', qty: 2 }],
          stamp: true,
        }}
        files={[{ _id: FILE_ID, name: '图纸.pdf', size: 100 }]}
      />,
    );
    expect(screen.getByTestId('field-name-value')).toHaveTextContent('一号楼');
    expect(screen.getByTestId('field-grade-value')).toHaveTextContent('甲');
    expect(screen.getByTestId('field-tags-value')).toHaveTextContent('安全, 质量');
    expect(screen.getByTestId('field-amount-value')).toHaveTextContent('12.5 元');
    expect(screen.getByTestId('field-day-value')).toHaveTextContent('2026-11-27');
    expect(screen.getByTestId('field-notes-value')).toHaveTextContent('未填写');
    expect(screen.getByTestId('field-files-value')).toHaveTextContent('图纸.pdf');
    expect(screen.getByTestId('field-stamp-value')).toHaveTextContent('已盖章');
    expect(screen.getByTestId('field-items-list-0-label')).toHaveTextContent('钢筋');
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(await screen.findByText('工程部')).toBeInTheDocument();
    expect(screen.getByTestId('form-detail').querySelectorAll('input, textarea, canvas')).toHaveLength(0);
  });
});
