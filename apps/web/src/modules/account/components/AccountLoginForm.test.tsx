import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { renderWithProviders } from '../../../test/render';
import { setupUser } from '../../../test/user';
import { AccountLoginForm } from './AccountLoginForm';

function setup(props: Partial<Parameters<typeof AccountLoginForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn().mockResolvedValue(undefined);
  const view = renderWithProviders(
    <AccountLoginForm onSubmit={onSubmit} loading={props.loading ?? false} error={props.error ?? null} />,
  );
  return { ...view, onSubmit, user: setupUser() };
}

const nameInput = () => screen.getByTestId('login-name') as HTMLInputElement;
const passwordInput = () => screen.getByTestId('login-password') as HTMLInputElement;

describe('AccountLoginForm', () => {
  it('shows the username and password prompts for an empty form and does not submit', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows only the password prompt when the account is filled', async () => {
    const { user, onSubmit } = setup();
    await user.type(nameInput(), 'zhangsan');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(screen.queryByText('请输入用户名')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats an account of spaces as empty', async () => {
    const { user } = setup();
    await user.type(nameInput(), '   ');
    await user.type(passwordInput(), 'secret1');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.queryByText('请输入密码')).not.toBeInTheDocument();
  });

  it('clears a prompt as soon as the field is filled', async () => {
    const { user } = setup();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    await user.type(nameInput(), 'z');
    expect(screen.queryByText('请输入用户名')).not.toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
  });

  it('submits with Enter and clears the fields after a successful sign-in', async () => {
    const { user, onSubmit } = setup();
    await user.type(nameInput(), 'zhangsan');
    await user.type(passwordInput(), 'secret1{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'zhangsan', password: 'secret1' }));
    await waitFor(() => expect(nameInput().value).toBe(''));
    expect(passwordInput().value).toBe('');
  });

  it('keeps the fields when the sign-in fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('104'));
    const { user } = setup({ onSubmit });
    await user.type(nameInput(), 'zhangsan');
    await user.type(passwordInput(), 'wrong');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(nameInput().value).toBe('zhangsan');
    expect(passwordInput().value).toBe('wrong');
  });

  it('shows the hint it is given and the loading state', () => {
    setup({ error: '密码错误', loading: true });
    expect(screen.getByTestId('login-error')).toHaveTextContent('密码错误');
    expect(screen.getByTestId('login-submit')).toHaveClass('ant-btn-loading');
  });

  it('prompts in English when English is chosen', async () => {
    await changeLanguage('en-US');
    const { user } = setup();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
  });
});
