import { act, screen, waitFor, within } from '@testing-library/react';
import { App, Button, Drawer } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MAX_WIDTH } from '../lib/useIsPhone';
import { NameDialog } from '../modules/project-settings/components/NameDialog';
import { renderWithProviders } from '../test/render';
import { setupUser } from '../test/user';
import { SHEET_CLASS, SHEET_DRAWER_CLASS } from './phoneSheets';

// Issue 16: below 768 px every dialog of the app is a full-screen sheet (the classes the app's
// ConfigProvider gives them; global.css draws them), a confirmation a full-width card; above, as before.

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

/** A module's form dialog (project settings' name dialog) behind the button that opens it. */
function Screen({ onSubmit }: { onSubmit: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const { modal } = App.useApp();
  return (
    <>
      <Button onClick={() => setOpen(true)}>open</Button>
      <Button onClick={() => setDrawer(true)}>drawer</Button>
      <Button onClick={() => void modal.confirm({ title: 'sure?', content: 'really' })}>confirm</Button>
      <NameDialog
        open={open}
        title="新建区域"
        label="名称"
        max={20}
        testId="area"
        onSubmit={(name) => {
          onSubmit(name);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
      <Drawer open={drawer} title="详情" onClose={() => setDrawer(false)}>
        <p>details</p>
      </Drawer>
    </>
  );
}

const renderScreen = (onSubmit = vi.fn()) =>
  renderWithProviders(
    <App component={false}>
      <Screen onSubmit={onSubmit} />
    </App>,
  );

/** The dialog element antd draws (role dialog carries the panel's classes). */
const panelOf = (name: string) => screen.getByRole('dialog', { name });

describe('dialogs on a phone', () => {
  it('opens a form dialog as a full-screen sheet that keeps its focus, Esc and submit, and follows the width', async () => {
    setWidth(390);
    expect(390).toBeLessThanOrEqual(PHONE_MAX_WIDTH);
    const onSubmit = vi.fn();
    const user = setupUser();
    renderScreen(onSubmit);

    await user.click(screen.getByRole('button', { name: 'open' }));
    const sheet = panelOf('新建区域');
    expect(sheet).toHaveClass('ant-modal', SHEET_CLASS);
    expect(sheet.closest('.ant-modal-wrap')).toHaveClass(`${SHEET_CLASS}-wrap`);
    // Header with the title and the close button, the form, the footer's buttons: all inside the sheet.
    expect(within(sheet).getByRole('button', { name: /close|关闭/i })).toBeInTheDocument();
    const ok = within(sheet).getByTestId('area-ok');
    expect(ok.closest('.ant-modal-footer')).not.toBeNull();
    // The focus is held inside the sheet, as in a dialog on a desktop; typing and the footer's OK submit.
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    const field = within(sheet).getByTestId('area-name');
    await user.type(field, '东区');
    await user.click(ok);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('东区'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建区域' })).toBeNull());

    // Esc closes it.
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(panelOf('新建区域')).toHaveClass(SHEET_CLASS);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建区域' })).toBeNull());

    // Turned to a tablet's width while open: a centred dialog again, the typing kept.
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.type(within(panelOf('新建区域')).getByTestId('area-name'), '西');
    setWidth(1024);
    expect(panelOf('新建区域')).not.toHaveClass(SHEET_CLASS);
    expect(within(panelOf('新建区域')).getByTestId('area-name')).toHaveValue('西');
    setWidth(390);
    expect(panelOf('新建区域')).toHaveClass(SHEET_CLASS);
  });

  it('makes a confirmation a card with its own class, and a drawer from the right a sheet', async () => {
    setWidth(390);
    const user = setupUser();
    renderScreen();

    await user.click(screen.getByRole('button', { name: 'confirm' }));
    const confirm = await screen.findByRole('dialog', { name: 'sure?' });
    // global.css keeps `.app-sheet.ant-modal-confirm` a full-width card with large buttons.
    expect(confirm).toHaveClass(SHEET_CLASS, 'ant-modal-confirm');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'sure?' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'drawer' }));
    const drawer = await screen.findByRole('dialog', { name: '详情' });
    expect(drawer.closest('.ant-drawer')).toHaveClass(SHEET_DRAWER_CLASS, 'ant-drawer-right');
  });

  it('leaves dialogs as they were on a desktop', async () => {
    const user = setupUser();
    renderScreen();
    expect(window.innerWidth).toBeGreaterThan(PHONE_MAX_WIDTH);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(panelOf('新建区域')).not.toHaveClass(SHEET_CLASS);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建区域' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'drawer' }));
    expect((await screen.findByRole('dialog', { name: '详情' })).closest('.ant-drawer')).not.toHaveClass(
      SHEET_DRAWER_CLASS,
    );
  });
});
