import type { SystemProfile } from '@lintel/contracts/system';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { systemKeys } from '../../system/api';
import DownloadPage from './DownloadPage';

function renderPage(profile: SystemProfile) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(systemKeys.profile(), profile);
  return renderWithProviders(<DownloadPage />, { queryClient });
}

describe('DownloadPage', () => {
  it('lists the six clients with the Android and web hints', () => {
    renderPage(makeProfile());
    expect(screen.getByTestId('download-page')).toBeInTheDocument();
    for (const key of ['pc', 'revit', 'navisworks', 'ios', 'android', 'web']) {
      expect(screen.getByTestId(`download-card-${key}`)).toBeInTheDocument();
    }
    expect(screen.getByTestId('download-hint-android')).toHaveTextContent('Android 4.1 及以上');
    expect(screen.getByTestId('download-hint-android')).toHaveTextContent('3 GB');
    expect(screen.getByTestId('download-hint-web')).toHaveTextContent('Chrome 或 Firefox');
  });

  it('offers a download only for clients with a URL, and says the others are not offered here', () => {
    renderPage(
      makeProfile({
        downloads: {
          pc: 'https://downloads.example.com/lintel-setup.exe',
          revit: '/files/lintel-revit.msi',
          navisworks: '',
          ios: 'javascript:alert(1)',
          android: '',
        },
      }),
    );
    expect(screen.getByTestId('download-button-pc')).toHaveAttribute(
      'href',
      'https://downloads.example.com/lintel-setup.exe',
    );
    expect(screen.getByTestId('download-button-revit')).toHaveAttribute('href', '/files/lintel-revit.msi');
    for (const key of ['navisworks', 'ios', 'android']) {
      const card = screen.getByTestId(`download-card-${key}`);
      expect(within(card).queryByRole('link')).not.toBeInTheDocument();
      expect(screen.getByTestId(`download-unavailable-${key}`)).toHaveTextContent('本站未提供该客户端');
      expect(screen.getByTestId(`download-unavailable-${key}`)).toHaveTextContent('联系管理员');
    }
    expect(screen.getByTestId('download-current-web')).toHaveTextContent('您正在使用网页版');
  });
});
