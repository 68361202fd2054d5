import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  MEMBER,
  makeTopic,
  OTHER,
  PROJECT_ID,
  renderTopics,
  requestsTo,
  resetState,
  serveTopics,
  state,
  TOPIC_ID,
} from '../testSupport';

const api = fakeApiForFile(serveTopics, resetState);
const NEW = `/projects/${PROJECT_ID}/topics/new`;

/** Picks an option of an antd Select by its text. */
async function pick(field: HTMLElement, text: string) {
  fireEvent.mouseDown(within(field).getByRole('combobox'));
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]!);
}

const imageFile = (name: string) => new File(['\x89PNG'], name, { type: 'image/png' });

describe('raising a problem', { timeout: 90_000 }, () => {
  it('says what is missing: the title and a mentioned person', async () => {
    const { user } = renderTopics(NEW);
    await user.click(await screen.findByTestId('topic-submit'));
    expect(await screen.findByText('请输入问题标题')).toBeInTheDocument();
    expect(await screen.findByText('请至少 @ 一位成员')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', 'topic-service/topics')).toHaveLength(0);
  });

  it('takes nine images and refuses a tenth, saying so', async () => {
    const { user } = renderTopics(NEW);
    const field = await screen.findByTestId('topic-images');
    const input = field.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(
      input,
      Array.from({ length: 10 }, (_, i) => imageFile(`照片${i + 1}.png`)),
    );
    expect(await screen.findByText('最多只能上传 9 张图片，多出的图片未添加')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getAllByTestId('topic-images-item').filter((item) => item.dataset.status === 'done'),
      ).toHaveLength(9),
    );
    expect(requestsTo(api, 'POST', 'base-service/files')).toHaveLength(9);
    const upload = requestsTo(api, 'POST', 'base-service/files')[0]!;
    expect(upload.query.get('projectId')).toBe(PROJECT_ID);
    expect(String(upload.body)).toContain('name="picture"');
    // Full: no way to add another.
    expect(screen.queryByTestId('topic-images-add')).not.toBeInTheDocument();
    expect(field).toHaveTextContent('已上传 9/9 张');
  });

  it("shows the server's refusal at its field, then creates the problem and opens it", async () => {
    const { user, location } = renderTopics(NEW);
    fireEvent.change(await screen.findByTestId('topic-name-input'), {
      target: { value: '脚手架连墙件缺失' },
    });
    await pick(screen.getByTestId('topic-mentions-select'), '张三（zhangsan）');
    await pick(screen.getByTestId('topic-participants-select'), '李四（lisi）');
    await pick(screen.getByTestId('topic-domain-select'), '土建');
    const input = screen.getByTestId('topic-images').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, imageFile('现场.png'));
    await waitFor(() =>
      expect(screen.getByTestId('topic-images-item')).toHaveAttribute('data-status', 'done'),
    );

    state.refuse['POST topic-service/topics'] = {
      status: 400,
      json: {
        code: 400,
        key: 'common.validation',
        message: '输入有误',
        details: [
          { path: 'mentions', key: 'topics.mentionNotMember', message: '被 @ 的人不是项目成员' },
          { path: 'body.deadline', key: 'validation.invalidFormat', message: '日期格式不正确' },
        ],
      },
    };
    await user.click(screen.getByTestId('topic-submit'));
    const mentionsItem = screen.getByTestId('topic-mentions-select').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(mentionsItem).toHaveTextContent('被 @ 的人不是项目成员'));
    const deadlineItem = screen
      .getByText('截止日期', { selector: 'label' })
      .closest('.ant-form-item') as HTMLElement;
    expect(deadlineItem).toHaveTextContent('日期格式不正确');

    await user.click(screen.getByTestId('topic-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', 'topic-service/topics')).toHaveLength(2));
    const body = requestsTo(api, 'POST', 'topic-service/topics')[1]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      projectId: PROJECT_ID,
      name: '脚手架连墙件缺失',
      mentions: [MEMBER._id],
      participants: [OTHER._id],
      domainId: expect.any(String),
      priority: 'normal',
      deadline: null,
      links: [],
    });
    expect(body.images).toEqual(['/api/v1/base-service/files/66d000000000000000000901']);
    await waitFor(() => expect(location.pathname).toMatch(/\/topics\/[0-9a-f]{24}$/));
    expect(await screen.findByTestId('topic-title')).toHaveTextContent('脚手架连墙件缺失');
  });

  it('starts linked to the model element the viewer named, and saves the link', async () => {
    const modelId = '66d000000000000000000a01';
    const { user } = renderTopics(`${NEW}?link=element:${modelId}:2O2Fr$t4X7Zf8NOew3FLOH`);
    fireEvent.change(await screen.findByTestId('topic-name-input'), { target: { value: '外墙渗水' } });
    expect(screen.getByText('构件 2O2Fr$t4X7Zf8NOew3FLOH')).toBeInTheDocument();
    await pick(screen.getByTestId('topic-mentions-select'), '张三（zhangsan）');
    await user.click(screen.getByTestId('topic-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', 'topic-service/topics')).toHaveLength(1));
    const body = requestsTo(api, 'POST', 'topic-service/topics')[0]!.body as Record<string, unknown>;
    expect(body.links).toEqual([{ type: 'element', modelId, globalId: '2O2Fr$t4X7Zf8NOew3FLOH' }]);
  });

  it('ignores a malformed element link', async () => {
    renderTopics(`${NEW}?link=element:nope`);
    await screen.findByTestId('topic-name-input');
    expect(screen.queryByText(/^构件 /)).toBeNull();
  });

  it('without the create right: says so', async () => {
    state.rights.create = false;
    renderTopics(NEW, MEMBER);
    expect(await screen.findByTestId('topic-no-right')).toHaveTextContent('您没有在该项目新建问题的权限');
  });

  it('edits an existing problem and asks before leaving with unsaved changes', async () => {
    state.topics = [makeTopic()];
    const { user, location } = renderTopics(`/projects/${PROJECT_ID}/topics/${TOPIC_ID}/edit`);
    const name = await screen.findByTestId('topic-name-input');
    expect(name).toHaveValue('地下室外墙渗水');
    fireEvent.change(name, { target: { value: '地下室外墙渗水（东侧）' } });
    await user.click(screen.getByTestId('topic-cancel'));
    expect((await screen.findAllByText('有未保存的修改')).length).toBeGreaterThan(0);
    // One question, however many times the page rendered.
    expect(await screen.findAllByTestId('unsaved-stay')).toHaveLength(1);
    await user.click(screen.getByTestId('unsaved-stay'));
    expect(location.pathname).toBe(`/projects/${PROJECT_ID}/topics/${TOPIC_ID}/edit`);

    await user.click(screen.getByTestId('topic-submit'));
    await waitFor(() => expect(requestsTo(api, 'PUT', `topic-service/topics/${TOPIC_ID}`)).toHaveLength(1));
    expect(requestsTo(api, 'PUT', `topic-service/topics/${TOPIC_ID}`)[0]!.body).toMatchObject({
      name: '地下室外墙渗水（东侧）',
      mentions: [MEMBER._id],
      deadline: '2026-03-20',
    });
    await waitFor(() => expect(location.pathname).toBe(`/projects/${PROJECT_ID}/topics/${TOPIC_ID}`));
  });
});
