// The element's problems in the properties panel wear the topics module's state tag: one colour for one
// state everywhere (a problem whose handling is late is red here as in the problems list, not blue).
import type { ModelElementDetail } from '@lintel/contracts/models';
import type { TopicSummary } from '@lintel/contracts/topics';
import { render as renderPlain, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../../test/fakeApi';
import { renderWithProviders } from '../../../../test/render';
import { StateTag } from '../../../topics/components/TopicTags';
import { PropertiesPanel } from './PropertiesPanel';

const PROJECT_ID = '66d000000000000000000021';
const MODEL_ID = '66d000000000000000000a21';
const GID = '3vB2YO$MX4xv5uCqZZG05x';
const LATE = '66d000000000000000000521';
const DONE = '66d000000000000000000522';

const element: ModelElementDetail = {
  globalId: GID,
  localId: 42,
  ifcClass: 'IFCWALL',
  name: '外墙-240',
  type: null,
  storey: '一层',
  discipline: 'architecture',
  modelId: MODEL_ID,
  versionId: '66d000000000000000000b21',
  propertySets: [],
};

const topic = (_id: string, number: number, patch: Partial<TopicSummary>) =>
  ({ _id, number, name: `问题 ${number}`, delayDays: 0, delay: 'onTime', ...patch }) as TopicSummary;

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET model-service/models/${MODEL_ID}/elements/${encodeURIComponent(GID)}`, { json: element });
  api.on(`GET model-service/models/${MODEL_ID}/elements/${GID}`, { json: element });
  api.on(`GET model-service/projects/${PROJECT_ID}/attribute-display`, {
    json: { basic: ['name'], propertySets: null },
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/auth`, { json: { value: false } });
  const topics = [
    topic(LATE, 8, { status: 'processing', state: 'processingDelayed', delayDays: 3, delay: 'd1to7' }),
    topic(DONE, 9, { status: 'completed', state: 'completed' }),
  ];
  api.on(`GET topic-service/projects/${PROJECT_ID}/entities/${GID}/topics`, { json: topics });
  api.on(`GET topic-service/projects/${PROJECT_ID}/entities/${encodeURIComponent(GID)}/topics`, {
    json: topics,
  });
});
afterAll(() => api.close());
beforeEach(() => configureHttp({ baseUrl: api.baseUrl }));

/** The class list of the topics module's own tag for a state (what its lists show). */
function topicsTagClasses(props: Parameters<typeof StateTag>[0]) {
  const view = renderPlain(<StateTag {...props} testId="reference" />);
  const classes = [...view.getByTestId('reference').querySelectorAll('.ant-tag')].map((tag) =>
    [...tag.classList].filter((name) => /^ant-tag-(?!css)/.test(name)).sort(),
  );
  view.unmount();
  return classes;
}

describe('properties panel: the element’s problems', { timeout: 60_000 }, () => {
  it('show their state in the colours of the problems list, late ones red with their days', async () => {
    renderWithProviders(
      <PropertiesPanel
        projectId={PROJECT_ID}
        selection={[{ modelId: MODEL_ID, globalIds: [GID] }]}
        versionOf={() => undefined}
        modelName={() => '示范住宅'}
      />,
    );
    const late = await screen.findByTestId(`viewer-topic-state-${LATE}`);
    expect(late).toHaveTextContent('延期 3 天');
    const lateTags = [...late.querySelectorAll('.ant-tag')];
    expect(lateTags[0]).toHaveClass('ant-tag-error');
    const done = screen.getByTestId(`viewer-topic-state-${DONE}`);
    expect(done.querySelector('.ant-tag')).toHaveClass('ant-tag-success');
    await waitFor(() =>
      expect(
        [...late.querySelectorAll('.ant-tag')].map((tag) =>
          [...tag.classList].filter((name) => /^ant-tag-(?!css)/.test(name)).sort(),
        ),
      ).toEqual(topicsTagClasses({ state: 'processingDelayed', delay: 'd1to7', delayDays: 3 })),
    );
  });
});
