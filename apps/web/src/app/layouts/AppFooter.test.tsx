import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { changeLanguage } from '../i18n';
import { AppFooter } from './AppFooter';

describe('AppFooter', () => {
  it('shows the copyright company, version and build date of the profile', () => {
    renderWithProviders(<AppFooter profile={makeProfile({ buildDate: '2024-06-07T03:00:00.000Z' })} />);
    expect(screen.getByTestId('app-footer')).toBeInTheDocument();
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent('© 筑协科技有限公司 版权所有');
    expect(screen.getByTestId('footer-version')).toHaveTextContent('版本 6.6.2');
    expect(screen.getByTestId('footer-build-date')).toHaveTextContent('构建日期 2024-06-07');
    expect(screen.queryByTestId('footer-icp')).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer-extra')).not.toBeInTheDocument();
  });

  it('shows the ICP number and the extra info when set', () => {
    renderWithProviders(
      <AppFooter
        profile={makeProfile({ icp: '京ICP备12345678号-1', extraInfo: '技术支持：400-000-0000' })}
      />,
    );
    const icp = screen.getByTestId('footer-icp');
    expect(icp).toHaveTextContent('京ICP备12345678号-1');
    expect(icp).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(icp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('footer-extra')).toHaveTextContent('技术支持：400-000-0000');
  });

  it('uses the English company in English, and the fallback version when the version is empty', async () => {
    await changeLanguage('en-US');
    renderWithProviders(<AppFooter profile={makeProfile({ version: '', buildDate: '2024/6/7' })} />);
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent('Copyright © Lintel Technology Ltd.');
    expect(screen.getByTestId('footer-version')).toHaveTextContent('Version 6.6.1');
    expect(screen.getByTestId('footer-build-date')).toHaveTextContent('Built 2024-06-07');
  });

  it('falls back to the Chinese company when the English one is empty, and renders text literally', async () => {
    await changeLanguage('en-US');
    renderWithProviders(
      <AppFooter
        profile={makeProfile({ copyrightCompanyEn: '', extraInfo: '<img src=x onerror=alert(1)>' })}
      />,
    );
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent('筑协科技有限公司');
    expect(screen.getByTestId('footer-extra')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(screen.getByTestId('footer-extra').querySelector('img')).toBeNull();
  });
});
