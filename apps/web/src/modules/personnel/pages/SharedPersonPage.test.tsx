import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import { renderPersonnel, requestsTo, resetState, SHARE_TOKEN, servePersonnel } from '../testSupport';

const api = fakeApiForFile(servePersonnel, resetState);

describe('staff card (share page)', { timeout: 60_000 }, () => {
  it('shows the public card to a visitor, without calling anything of the workbench', async () => {
    renderPersonnel(`/share/personnel/${SHARE_TOKEN}`, null);
    expect(await screen.findByTestId('person-card-name')).toHaveTextContent('王建国');
    const card = screen.getByTestId('person-card');
    expect(card).toHaveTextContent('示范项目一期');
    expect(card).toHaveTextContent('一组');
    expect(card).toHaveTextContent('木工');
    expect(card).toHaveTextContent('在场');
    expect(card).toHaveTextContent('2026-03-01');
    expect(card).toHaveTextContent('T110105199003071234');
    expect(screen.getByTestId('person-card-education')).toHaveTextContent('安全教育 3 次');
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET personnel-service/share/personnel/${SHARE_TOKEN}`,
    ]);
  });

  it('says so for an unknown token', async () => {
    renderPersonnel('/share/personnel/unknown-token-0000000000', null);
    expect(await screen.findByTestId('person-card-not-found')).toHaveTextContent(
      '该人员卡不存在或链接已失效',
    );
    expect(requestsTo(api, 'GET', 'personnel-service/share/personnel/unknown-token-0000000000')).toHaveLength(
      1,
    );
  });
});
