import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile, requestsTo } from '../../../test/project';
import {
  DEVICE_ID,
  DEVICES,
  PROJECT_API,
  renderAttendance,
  resetState,
  SERVICE,
  serveAttendance,
  state,
  TOKEN,
} from '../testSupport';

const api = fakeApiForFile(serveAttendance, resetState);

describe('gate devices', { timeout: 60_000 }, () => {
  it('creates a device and shows its token once; the list never shows it again', async () => {
    renderAttendance(DEVICES);
    expect(await screen.findByTestId('devices-empty')).toBeInTheDocument();
    // How integrators send events.
    expect(screen.getByTestId('ingest-url')).toHaveTextContent('/api/v1/personnel-service/attendance/events');
    expect(screen.getByTestId('ingest-example')).toHaveTextContent('Authorization: Bearer');

    fireEvent.click(screen.getByTestId('device-create'));
    fireEvent.click(await screen.findByTestId('device-name-submit'));
    expect(await screen.findByText('请输入设备名称')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${SERVICE}/attendanceDevices`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('device-name'), { target: { value: '东门闸机' } });
    fireEvent.click(screen.getByTestId('device-name-submit'));
    const token = await screen.findByTestId('device-token');
    expect(token).toHaveTextContent(TOKEN);
    expect(within(screen.getByTestId('token-dialog')).getByText(/只显示这一次/)).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${SERVICE}/attendanceDevices`)[0]!.body).toEqual({
      projectId: state.devices[0]!.projectId,
      name: '东门闸机',
    });

    fireEvent.click(screen.getByTestId('token-done'));
    await waitFor(() => expect(screen.queryByText(TOKEN)).not.toBeInTheDocument());
    expect(await screen.findByTestId(`device-row-${DEVICE_ID}`)).toHaveTextContent('东门闸机');
    expect(screen.getByTestId(`device-row-${DEVICE_ID}`)).toHaveTextContent('从未上报');
  });

  it('renames and revokes (after a confirmation) a device', async () => {
    state.devices = [
      {
        _id: DEVICE_ID,
        projectId: '66e000000000000000000001',
        name: '东门闸机',
        lastSeenAt: null,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    ];
    renderAttendance(DEVICES);
    fireEvent.click(await screen.findByTestId(`rename-${DEVICE_ID}`));
    const name = await screen.findByTestId('device-name');
    await waitFor(() => expect(name).toHaveValue('东门闸机'));
    fireEvent.change(name, { target: { value: '东门 1 号闸机' } });
    fireEvent.click(screen.getByTestId('device-name-submit'));
    expect(await screen.findByText('东门 1 号闸机')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', `${SERVICE}/attendanceDevices/${DEVICE_ID}`)[0]!.body).toEqual({
      name: '东门 1 号闸机',
    });

    fireEvent.click(screen.getByTestId(`revoke-${DEVICE_ID}`));
    expect(requestsTo(api, 'DELETE', `${SERVICE}/attendanceDevices/${DEVICE_ID}`)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId(`revoke-confirm-${DEVICE_ID}`));
    expect(await screen.findByTestId('devices-empty')).toBeInTheDocument();
    expect(requestsTo(api, 'DELETE', `${SERVICE}/attendanceDevices/${DEVICE_ID}`)).toHaveLength(1);
  });

  it('is for project administrators only', async () => {
    state.role = 'member';
    renderAttendance(DEVICES);
    expect(await screen.findByTestId('devices-forbidden')).toBeInTheDocument();
    expect(screen.queryByTestId('device-create')).not.toBeInTheDocument();
    expect(requestsTo(api, 'GET', `${PROJECT_API}/attendanceDevices`)).toHaveLength(0);
  });
});
