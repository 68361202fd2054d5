import { ageOn, maskIdNumber } from '@lintel/contracts/personnel';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  FULL_VALUES,
  makePerson,
  PERSON_ID,
  PROJECT_ID,
  renderPersonnel,
  requestsTo,
  resetState,
  servePersonnel,
  state,
  validIdNumber,
} from '../testSupport';

const api = fakeApiForFile(servePersonnel, resetState);
const NEW = `/projects/${PROJECT_ID}/personnel/new`;
const EDIT = `/projects/${PROJECT_ID}/personnel/${PERSON_ID}/edit`;

describe('person form', { timeout: 120_000 }, () => {
  it('checks the ID number as it is typed and shows what it gives', async () => {
    const { user } = renderPersonnel(NEW);
    const field = await screen.findByTestId('person-id-number');
    // One digit changed: the checksum no longer matches.
    const good = validIdNumber('19850612', '241');
    const bad = `${good.slice(0, 16)}${(Number(good[16]) + 1) % 10}${good[17]}`;
    fireEvent.change(field, { target: { value: bad } });
    expect(await screen.findByText('身份证号校验位不正确，请检查是否输错')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '1101051985' } });
    expect(await screen.findByText('身份证号应为 18 位')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: validIdNumber('19850230', '241') } });
    expect(await screen.findByText('身份证号中的出生日期不是真实日期')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: good.toLowerCase() } });
    const age = ageOn('1985-06-12', dayjs().format('YYYY-MM-DD'));
    // Sequence 241: odd, a man.
    expect(await screen.findByTestId('person-id-derived')).toHaveTextContent(
      `出生日期 1985-06-12 · 男 · ${age} 岁`,
    );
    expect(screen.queryByText('身份证号校验位不正确，请检查是否输错')).not.toBeInTheDocument();
    expect(screen.queryByTestId('person-age-alert')).not.toBeInTheDocument();
    // Under 18: a warning, not a refusal (the field stays valid).
    fireEvent.change(field, { target: { value: validIdNumber('20150612', '241') } });
    expect(await screen.findByTestId('person-age-alert')).toHaveTextContent(
      '该人员未满18周岁，请核实后再登记',
    );

    // Saving without name and unit: the form says what is missing and sends nothing.
    await user.click(screen.getByTestId('person-submit'));
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请选择单位')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', 'personnel-service/personnel')).toHaveLength(0);
  });

  it('saves an edit, and shows the server refusing a duplicate ID number at the field', async () => {
    state.people = [makePerson()];
    const { user, location } = renderPersonnel(EDIT);
    const field = await screen.findByTestId('person-id-number');
    // The server sends the ID number and phones masked: kept as they are unless retyped.
    expect(field).toHaveValue(maskIdNumber(validIdNumber()));
    expect(screen.getByTestId('person-masked-hint')).toBeInTheDocument();
    const other = validIdNumber('19920101', '002');
    fireEvent.change(field, { target: { value: other } });
    fireEvent.change(screen.getByTestId('person-phone'), { target: { value: '1380000' } });
    await user.click(screen.getByTestId('person-submit'));
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', `personnel-service/personnel/${PERSON_ID}`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('person-phone'), { target: { value: '13800000001' } });
    state.refuse[`PUT personnel-service/personnel/${PERSON_ID}`] = {
      status: 409,
      json: { code: 409, key: 'personnel.idNumberTaken', message: '该身份证号已在本项目登记（李四）' },
    };
    await user.click(screen.getByTestId('person-submit'));
    // At the ID number's field, not only as a passing message.
    expect(
      await screen.findByText('该身份证号已在本项目登记（李四）', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    const sent = requestsTo(api, 'PUT', `personnel-service/personnel/${PERSON_ID}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      name: '王建国',
      idNumber: other,
      unitId: makePerson().unitId,
      phone: '13800000001',
      certificates: ['T110105199003071234'],
      safetyEducation: [{ date: '2026-03-01', content: '入场三级安全教育', hours: 24 }],
      avatar: null,
      attachments: [],
    });
    // The contact phone was left masked: not sent, so the server keeps it.
    expect(sent[0]!.body).not.toHaveProperty('teamPhone');
    // Still on the form, nothing lost.
    expect(location.pathname).toBe(EDIT);

    await user.click(screen.getByTestId('person-submit'));
    await waitFor(() => expect(location.pathname).toBe(`/projects/${PROJECT_ID}/personnel/${PERSON_ID}`));
    expect(await screen.findByTestId('person-detail')).toBeInTheDocument();
  });

  it('registers a worker with unit, photo and a safety-education session', async () => {
    const { user, location } = renderPersonnel(NEW);
    fireEvent.change(await screen.findByTestId('person-name'), { target: { value: '赵铁柱' } });
    fireEvent.change(screen.getByTestId('person-id-number'), {
      target: { value: validIdNumber('19880808', '357') },
    });
    fireEvent.mouseDown(within(screen.getByTestId('person-unit')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('一组'));
    const photo = screen
      .getByTestId('person-avatar-field')
      .querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(photo, new File(['png'], 'face.png', { type: 'image/png' }));
    expect(await screen.findByTestId('person-avatar-remove')).toBeInTheDocument();
    await user.click(screen.getByTestId('person-education-add'));
    const row = await screen.findByTestId('person-education-row');
    const date = within(row).getByLabelText('日期 1');
    await user.click(date);
    fireEvent.change(date, { target: { value: '2026-03-05' } });
    fireEvent.keyDown(date, { key: 'Enter' });
    fireEvent.change(within(row).getByLabelText('内容 1'), { target: { value: '高处作业专项教育' } });
    await user.click(screen.getByTestId('person-submit'));

    await waitFor(() => expect(requestsTo(api, 'POST', 'personnel-service/personnel')).toHaveLength(1));
    expect(requestsTo(api, 'POST', 'personnel-service/personnel')[0]!.body).toMatchObject({
      projectId: PROJECT_ID,
      name: '赵铁柱',
      idNumber: validIdNumber('19880808', '357'),
      unitId: '67b000000000000000000202',
      avatar: '67b000000000000000000901',
      safetyEducation: [{ date: '2026-03-05', content: '高处作业专项教育' }],
      entryDate: dayjs().format('YYYY-MM-DD'),
    });
    await waitFor(() => expect(location.pathname).toMatch(/\/personnel\/67b0/));
  });

  it('lets a holder of viewSensitive load the full values into the form (one audited view)', async () => {
    state.people = [makePerson()];
    state.rights = { ...state.rights, viewSensitive: true };
    renderPersonnel(EDIT);
    expect(await screen.findByTestId('person-id-number')).toHaveValue(maskIdNumber(FULL_VALUES.idNumber));
    fireEvent.click(await screen.findByTestId('person-reveal'));
    await waitFor(() => expect(screen.getByTestId('person-id-number')).toHaveValue(FULL_VALUES.idNumber));
    expect(screen.getByTestId('person-phone')).toHaveValue(FULL_VALUES.phone);
    expect(screen.queryByTestId('person-masked-hint')).not.toBeInTheDocument();
    expect(requestsTo(api, 'GET', `personnel-service/personnel/${PERSON_ID}/sensitive`)).toHaveLength(1);
  });

  it('refuses the form to someone without the right', async () => {
    state.rights = { create: false };
    renderPersonnel(NEW);
    expect(await screen.findByTestId('person-no-right')).toHaveTextContent('你没有登记人员的权限');
  });
});
