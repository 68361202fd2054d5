import { maskIdNumber } from '@lintel/contracts/personnel';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  FULL_VALUES,
  makePerson,
  PERSON_ID,
  PROJECT_ID,
  ROTATED_TOKEN,
  renderPersonnel,
  requestsTo,
  resetState,
  SHARE_TOKEN,
  servePersonnel,
  state,
} from '../testSupport';

const api = fakeApiForFile(servePersonnel, resetState);
const DETAIL = `/projects/${PROJECT_ID}/personnel/${PERSON_ID}`;
const EXIT_API = `personnel-service/personnel/${PERSON_ID}/exit`;
const SHARE_API = `personnel-service/personnel/${PERSON_ID}/share`;
const SENSITIVE_API = `personnel-service/personnel/${PERSON_ID}/sensitive`;

describe('person detail', { timeout: 60_000 }, () => {
  it('shows every field and the QR code of the share link; exit needs a remark', async () => {
    state.people = [makePerson({ age: 61, birthDate: '1965-03-07' })];
    state.rights = { ...state.rights, viewSensitive: true };
    const { user } = renderPersonnel(DETAIL);
    const facts = await screen.findByTestId('person-facts');
    // Masked as the server sent it; the holder of viewSensitive asks for it in full (one audited call).
    expect(screen.getByTestId('person-id')).toHaveTextContent(maskIdNumber(FULL_VALUES.idNumber));
    expect(screen.getByTestId('person-phone-value')).toHaveTextContent('138****0000');
    expect(screen.getByTestId('person-age-warning')).toHaveTextContent('超过60岁');
    await user.click(await screen.findByTestId('person-reveal'));
    expect(await screen.findByTestId('person-hide')).toBeInTheDocument();
    expect(screen.getByTestId('person-id')).toHaveTextContent(FULL_VALUES.idNumber);
    expect(screen.getByTestId('person-phone-value')).toHaveTextContent('13800000000');
    expect(screen.getByTestId('person-team-phone-value')).toHaveTextContent('13900000000');
    expect(requestsTo(api, 'GET', SENSITIVE_API)).toHaveLength(1);
    await user.click(screen.getByTestId('person-hide'));
    expect(screen.getByTestId('person-id')).toHaveTextContent(maskIdNumber(FULL_VALUES.idNumber));

    expect(screen.getByTestId('person-title')).toHaveTextContent('王建国');
    expect(facts).toHaveTextContent('建安劳务');
    expect(facts).toHaveTextContent('李队长');
    expect(facts).toHaveTextContent('1965-03-07');
    expect(facts).toHaveTextContent('标准考勤');
    expect(screen.getByTestId('person-education-list')).toHaveTextContent('入场三级安全教育');
    await waitFor(() =>
      expect(screen.getByTestId('person-qr-url')).toHaveTextContent(
        `${window.location.origin}/share/personnel/${SHARE_TOKEN}`,
      ),
    );

    await user.click(screen.getByTestId('person-exit'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('person-exit-ok'));
    expect(await within(dialog).findByText('退场必须填写备注')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', EXIT_API)).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('person-exit-remark'), { target: { value: '合同到期' } });
    await user.click(within(dialog).getByTestId('person-exit-ok'));
    await waitFor(() => expect(requestsTo(api, 'PUT', EXIT_API)).toHaveLength(1));
    expect(requestsTo(api, 'PUT', EXIT_API)[0]!.body).toMatchObject({ remark: '合同到期' });
    // The page follows: exited, and now offers re-entry.
    expect(await screen.findByTestId('person-reentry')).toBeInTheDocument();
    expect(screen.getByTestId('person-status')).toHaveTextContent('已退场');
    // The exit ended the staff QR code: none is shown, none asked for.
    expect(await screen.findByTestId('person-qr-exited')).toHaveTextContent('该人员已退场');
  });

  it('replaces and revokes the staff QR code after asking, then makes a new one on request', async () => {
    state.people = [makePerson()];
    const { user } = renderPersonnel(DETAIL);
    const url = await screen.findByTestId('person-qr-url');
    await waitFor(() => expect(url).toHaveTextContent(`/share/personnel/${SHARE_TOKEN}`));

    await user.click(screen.getByTestId('person-qr-rotate'));
    await user.click(await screen.findByTestId('person-qr-rotate-ok'));
    await waitFor(() =>
      expect(screen.getByTestId('person-qr-url')).toHaveTextContent(`/share/personnel/${ROTATED_TOKEN}`),
    );
    expect(requestsTo(api, 'POST', SHARE_API)).toHaveLength(1);

    await user.click(screen.getByTestId('person-qr-revoke'));
    expect(requestsTo(api, 'DELETE', SHARE_API)).toHaveLength(0);
    await user.click(await screen.findByTestId('person-qr-revoke-ok'));
    expect(await screen.findByTestId('person-qr-revoked')).toHaveTextContent('二维码已撤销');
    expect(requestsTo(api, 'DELETE', SHARE_API)).toHaveLength(1);
    const asked = requestsTo(api, 'GET', SHARE_API).length;
    await user.click(screen.getByTestId('person-qr-regenerate'));
    await waitFor(() => expect(requestsTo(api, 'GET', SHARE_API).length).toBe(asked + 1));
    expect(await screen.findByTestId('person-qr-url')).toHaveTextContent(`/share/personnel/${SHARE_TOKEN}`);
  });

  it('shows no staff QR code without the export right (the server would refuse it)', async () => {
    state.people = [makePerson()];
    state.rights = { ...state.rights, export: false };
    renderPersonnel(DETAIL);
    await screen.findByTestId('person-facts');
    await waitFor(() =>
      expect(requestsTo(api, 'GET', `account-service/projects/${PROJECT_ID}/auth`).length).toBeGreaterThan(0),
    );
    expect(screen.queryByTestId('person-qr')).not.toBeInTheDocument();
    expect(requestsTo(api, 'GET', SHARE_API)).toHaveLength(0);
    // Nor "show in full" without viewSensitive: the values stay masked.
    expect(screen.queryByTestId('person-reveal')).not.toBeInTheDocument();
    expect(screen.getByTestId('person-id')).toHaveTextContent('1101**********');
    expect(screen.queryByTestId('person-age-warning')).not.toBeInTheDocument();
  });

  it('says so for a person of no project the user sees', async () => {
    renderPersonnel(`/projects/${PROJECT_ID}/personnel/67b000000000000000000599`);
    expect(await screen.findByTestId('person-not-found')).toHaveTextContent('该人员不存在或已被删除');
  });
});
