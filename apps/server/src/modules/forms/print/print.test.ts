import { defaultWorkflowGraph, type WorkflowGraph, type WorkflowNode } from '@lintel/contracts/workflow';
import type { LightMyRequestResponse } from 'fastify';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../../test/helper';
import { makePng, multipartBody } from '../../../../test/images';
import { addMemberWithConsent } from '../../../../test/membership';
import { json, keyOf, type Method, projectsOf, requester, signInPeople } from '../../../../test/project-api';
import { locateExecutable } from '../../files/conversion';
import { makeOle2, makeOoxml } from '../../files/test-files';
import { uploadAs } from '../../files/test-support';

/**
 * Form printing (issue 18) through the real app, database and (when installed) LibreOffice: demo
 * administers project P; zhangsan and lisi are members; sunqi is in no project of demo's. Workflow:
 * start → 审核 (lisi; the field `secret` hidden there) → end.
 */
type Who = 'demo' | 'zhangsan' | 'lisi' | 'sunqi';
const FS = '/api/v1/form-service';

let t: TestApp;
let cookies: Record<string, string>;
let ids: Record<string, string>;
let P: string;
let W: string;
let call: (who: Who, method: Method, path: string, payload?: unknown) => Promise<LightMyRequestResponse>;

function ok<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return json<T>(response);
}

/** A real (minimal) Word document whose paragraphs are the given texts. */
function makeDocx(paragraphs: string[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>',
  );
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

/** The text of a filled document's body. */
function textOf(docx: Buffer): string {
  const xml = new PizZip(docx).file('word/document.xml')!.asText();
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function upload(who: Who, templateId: string, data: Buffer, filename = 'print.docx') {
  const { body, contentType } = multipartBody([{ field: 'file', filename, data }]);
  return t.app.inject({
    method: 'PUT',
    url: `${FS}/form-templates/${templateId}/print-template`,
    headers: { cookie: cookies[who]!, 'content-type': contentType },
    payload: body,
  });
}

function printAs(who: Who, formId: string, format: 'docx' | 'pdf' = 'docx') {
  return t.app.inject({
    method: 'GET',
    url: `${FS}/forms/${formId}/print?format=${format}`,
    headers: { cookie: cookies[who]! },
  });
}

const FIELDS = [
  { kind: 'text', key: 'title', title: '标题', required: true },
  { kind: 'number', key: 'amount', title: '金额', precision: 2, min: 0, unit: '元' },
  {
    kind: 'select',
    key: 'urgency',
    title: '紧急程度',
    options: [
      { value: 'low', label: '一般' },
      { value: 'high', label: '紧急' },
    ],
  },
  { kind: 'datetime', key: 'day', title: '日期', dateType: 'date' },
  { kind: 'person', key: 'buyer', title: '采购人', single: true },
  { kind: 'text', key: 'secret', title: '内部备注' },
  { kind: 'image', key: 'photo', title: '现场照片', maxPictures: 3 },
  {
    kind: 'subList',
    key: 'items',
    title: '明细',
    columns: [
      { kind: 'text', key: 'item', title: '材料' },
      { kind: 'number', key: 'qty', title: '数量', precision: 0 },
    ],
  },
];
const TEMPLATE_TEXT = [
  '标题:{title} 金额:{amount} 紧急:{urgency} 日期:{day} 采购人:{buyer}',
  '备注:[{secret}]',
  '{@photo}',
  '{#items}行:{item}×{qty};{/items}',
  '{#log}记录:{node}|{actor}|{action}|{opinion}|{time};{/log}',
  '表单:{_name} 状态:{_state}',
];

let templateId: string;
let formId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const raw = requester(() => t);
  ({ cookies, ids } = await signInPeople(t, ['lisi', 'sunqi']));
  call = (who, method, path, payload) =>
    raw(method, path.startsWith('/') ? path : `${FS}/${path}`, cookies[who]!, payload);
  const [demoProject] = await projectsOf(t, cookies.demo!);
  P = ok<{ _id: string }>(
    await call('demo', 'POST', `${ACCOUNT}/projects`, {
      name: '打印测试项目',
      enterpriseId: demoProject!.enterpriseId,
    }),
  )._id;
  for (const who of ['zhangsan', 'lisi'] as const) {
    const added = await addMemberWithConsent(t.app, {
      scope: `projects/${P}`,
      adminCookie: cookies.demo!,
      userCookie: cookies[who]!,
      body: { userId: ids[who] },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const fresh = defaultWorkflowGraph({ start: '发起', approval: '审核', end: '结束' });
  const review = fresh.nodes.find(
    (node): node is Extract<WorkflowNode, { kind: 'approval' }> => node.kind === 'approval',
  )!;
  const graph: WorkflowGraph = {
    nodes: [
      { id: 'start', kind: 'start', name: '发起' },
      {
        ...review,
        id: 'review',
        name: '审核',
        approvers: [{ kind: 'members', userIds: [ids.lisi!] }],
        mode: 'any',
      },
      { id: 'end', kind: 'end', name: '结束' },
    ],
    edges: [
      { id: 'a', from: 'start', to: 'review', priority: 0, isDefault: false, conditions: [] },
      { id: 'b', from: 'review', to: 'end', priority: 0, isDefault: false, conditions: [] },
    ],
    controls: { allowChangePersonnel: false, allowRecall: true, showLog: true },
  };
  W = ok<{ _id: string }>(
    await call('demo', 'POST', `/api/v1/workflow-service/projects/${P}/workflow-templates`, {
      name: '采购审批',
      graph,
    }),
  )._id;
  ok(await call('demo', 'POST', `/api/v1/workflow-service/workflow-templates/${W}/publish`, {}));
  templateId = ok<{ _id: string }>(
    await call('demo', 'POST', `projects/${P}/form-templates`, {
      name: '采购申请',
      fields: FIELDS,
      workflowTemplateId: W,
      fieldAccess: { review: { secret: 'hidden' } },
    }),
  )._id;
  const photo = ok<{ _id?: string; id?: string; url?: string }[] | Record<string, unknown>>(
    await uploadAs(t, cookies.zhangsan!, [{ field: 'file', filename: 'site.png', data: makePng(40, 20) }], {
      projectId: P,
    }),
  );
  const photoId = JSON.stringify(photo).match(/[0-9a-f]{24}/)![0];
  formId = ok<{ _id: string }>(
    await call('zhangsan', 'POST', 'forms', {
      templateId,
      values: {
        title: '水泥 & <采购>',
        amount: 1234.5,
        urgency: 'high',
        day: '2026-11-20',
        buyer: [ids.lisi],
        secret: '供应商折扣',
        photo: [photoId],
        items: [
          { item: '水泥', qty: 30 },
          { item: '钢筋', qty: 12 },
          { item: '砂石', qty: 7 },
        ],
      },
      submit: true,
    }),
  )._id;
  ok(
    await call('lisi', 'POST', `forms/${formId}/actions`, { action: 'pass', opinion: { text: '同意采购' } }),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('print templates', () => {
  it('refuse what is not a Word document, by its content, in both languages', async () => {
    const notWord: Array<[string, Buffer]> = [
      ['sheet.xlsx', makeOoxml('xlsx')],
      ['old.doc', makeOle2(['WordDocument'])],
      ['form.pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
      // A name that says Word does not make it one.
      ['renamed.docx', makeOoxml('xlsx')],
    ];
    for (const [name, data] of notWord) {
      const answer = await upload('demo', templateId, data, name);
      expect(answer.statusCode, name).toBe(400);
      expect(keyOf(answer)).toBe('forms.wordFileRequired');
    }
    const { body, contentType } = multipartBody([
      { field: 'file', filename: 'x.xlsx', data: makeOoxml('xlsx') },
    ]);
    const english = await t.app.inject({
      method: 'PUT',
      url: `${FS}/form-templates/${templateId}/print-template`,
      headers: { cookie: cookies.demo!, 'content-type': contentType, 'accept-language': 'en-US' },
      payload: body,
    });
    expect(json<{ message: string }>(english).message).toMatch(/Word file/);
    const chinese = await upload('demo', templateId, makeOoxml('xlsx'));
    expect(json<{ message: string }>(chinese).message).toMatch(/Word 文件/);
    expect((await call('demo', 'GET', `form-templates/${templateId}/print-template`)).statusCode).toBe(404);
  });

  it('refuse a template whose placeholders are code-like or unbalanced', async () => {
    for (const text of ['{{7*7}}', '{#items}never closed']) {
      const answer = await upload('demo', templateId, makeDocx([text]));
      expect(answer.statusCode, text).toBe(400);
      expect(keyOf(answer)).toBe('forms.printTemplateBroken');
    }
  });

  it('are managed by project admins only: members 403, outsiders 404', async () => {
    expect((await upload('zhangsan', templateId, makeDocx(['{title}']))).statusCode).toBe(403);
    expect((await upload('sunqi', templateId, makeDocx(['{title}']))).statusCode).toBe(404);
    expect((await call('zhangsan', 'GET', `form-templates/${templateId}/print-template`)).statusCode).toBe(
      403,
    );
    expect((await call('zhangsan', 'DELETE', `form-templates/${templateId}/print-template`)).statusCode).toBe(
      403,
    );
  });

  it('list the placeholders of the template fields, the sub-list columns and the log', async () => {
    const list = ok<Array<{ key: string; usage: string; columns?: Array<{ key: string }> }>>(
      await call('demo', 'GET', `form-templates/${templateId}/print-template/placeholders`),
    );
    const byKey = new Map(list.map((item) => [item.key, item]));
    expect(byKey.get('title')?.usage).toBe('{title}');
    expect(byKey.get('photo')?.usage).toBe('{@photo}');
    expect(byKey.get('items')?.usage).toBe('{#items}…{/items}');
    expect(byKey.get('items')?.columns?.map((c) => c.key)).toEqual(['item', 'qty']);
    expect(byKey.get('log')?.columns?.map((c) => c.key)).toEqual(
      expect.arrayContaining(['node', 'actor', 'action', 'time', 'opinion']),
    );
    expect(
      (await call('sunqi', 'GET', `form-templates/${templateId}/print-template/placeholders`)).statusCode,
    ).toBe(404);
  });

  it('print nothing before one is imported, then import, replace and delete', async () => {
    const missing = await printAs('zhangsan', formId);
    expect(missing.statusCode).toBe(404);
    expect(keyOf(missing)).toBe('forms.printTemplateMissing');
    ok(await upload('demo', templateId, makeDocx(['first {title}'])));
    const info = ok<{ fileName: string; size: number; uploadedBy: string }>(
      await upload('demo', templateId, makeDocx(TEMPLATE_TEXT), '采购单.docx'),
    );
    expect(info).toMatchObject({ fileName: '采购单.docx', uploadedBy: ids.demo });
    expect(
      ok<{ fileName: string }>(await call('demo', 'GET', `form-templates/${templateId}/print-template`))
        .fileName,
    ).toBe('采购单.docx');
  });
});

describe('printing a form', () => {
  it('fills the values as people read them, the sub-list rows, the picture and the log', async () => {
    const answer = await printAs('zhangsan', formId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('wordprocessingml');
    expect(answer.headers['content-disposition']).toContain('attachment');
    const docx = answer.rawPayload;
    const text = textOf(docx);
    expect(text).toContain('标题:水泥 & <采购>');
    expect(text).toContain('金额:1,234.50 元');
    expect(text).toContain('紧急:紧急');
    expect(text).toContain('日期:2026-11-20');
    expect(text).toMatch(/采购人:\S+/);
    expect(text).toContain('行:水泥×30;行:钢筋×12;行:砂石×7;');
    expect(text).toMatch(/记录:发起\|[^|]+\|提交\|\|\d{4}-\d\d-\d\d \d\d:\d\d;/);
    expect(text).toMatch(/记录:审核\|[^|]+\|通过\|同意采购\|/);
    expect(text).toContain('表单:');
    expect(text).toContain('状态:已完成');
    // The initiator sees the field the reviewer does not.
    expect(text).toContain('备注:[供应商折扣]');
    const zip = new PizZip(docx);
    expect(Object.keys(zip.files).some((name) => /^word\/media\/.+\.png$/.test(name))).toBe(true);
    expect(zip.file('word/document.xml')!.asText()).toContain('<w:drawing>');
    expect(zip.file('word/_rels/document.xml.rels')!.asText()).toContain('relationships/image');
  });

  it('leaves out the fields hidden from the reader (the reviewer at the node that hides them)', async () => {
    const pending = ok<{ _id: string }>(
      await call('zhangsan', 'POST', 'forms', {
        templateId,
        values: { title: '待审', secret: '供应商折扣', items: [{ item: '水泥', qty: 30 }] },
        submit: true,
      }),
    )._id;
    const text = textOf((await printAs('lisi', pending)).rawPayload);
    expect(text).toContain('标题:待审');
    expect(text).toContain('备注:[]');
    expect(text).not.toContain('供应商折扣');
    expect(text).toContain('行:水泥×30;');
    expect(textOf((await printAs('zhangsan', pending)).rawPayload)).toContain('备注:[供应商折扣]');
  });

  it('answers 404 to whoever may not read the form', async () => {
    const outsider = await printAs('sunqi', formId);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain('水泥');
    expect((await printAs('zhangsan', 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await call('zhangsan', 'GET', `forms/${formId}/print?format=xlsx`)).statusCode).toBe(400);
  });

  it('never runs code from a template: an expression prints nothing, prototype names print nothing', async () => {
    ok(
      await upload(
        'demo',
        templateId,
        makeDocx([
          'A[{constructor.constructor("return process")()}]',
          'B[{constructor}]',
          'C[{toString}]',
          'D[{title.length}]',
          'E[{__proto__}]',
        ]),
      ),
    );
    const text = textOf((await printAs('zhangsan', formId)).rawPayload);
    expect(text).toContain('A[]');
    expect(text).toContain('B[]');
    expect(text).toContain('C[]');
    expect(text).toContain('D[]');
    expect(text).toContain('E[]');
    expect(text).not.toMatch(/function|native code|\[object/);
  });

  it('is a PDF through LibreOffice when it is installed', async () => {
    ok(await upload('demo', templateId, makeDocx(TEMPLATE_TEXT)));
    const soffice = await locateExecutable(process.env.SOFFICE_PATH || 'soffice', process.env.PATH ?? '');
    const answer = await printAs('zhangsan', formId, 'pdf');
    if (!soffice) {
      // Without LibreOffice (a developer machine): the clear 503, never a broken file.
      expect(answer.statusCode).toBe(503);
      expect(keyOf(answer)).toBe('forms.printConversionUnavailable');
      return;
    }
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 180_000);

  it('deletes the print template; printing then says there is none', async () => {
    ok(await call('demo', 'DELETE', `form-templates/${templateId}/print-template`));
    expect((await call('demo', 'DELETE', `form-templates/${templateId}/print-template`)).statusCode).toBe(
      404,
    );
    expect(keyOf(await printAs('zhangsan', formId))).toBe('forms.printTemplateMissing');
  });
});

describe('printing a PDF without LibreOffice', () => {
  let bare: TestApp;
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 503 forms.printConversionUnavailable, while the .docx still prints', async () => {
    bare = await buildTestApp({ env: { SOFFICE_PATH: '/nonexistent/lintel/soffice' } });
    const { cookies: own } = await signInPeople(bare, []);
    const send = requester(() => bare);
    const [demoProject] = await projectsOf(bare, own.demo!);
    const created = ok<{ _id: string }>(
      await send('POST', `${FS}/projects/${demoProject!._id}/form-templates`, own.demo!, {
        name: '无流程表单',
        kind: 'plain',
        fields: [{ kind: 'text', key: 'title', title: '标题' }],
      }),
    )._id;
    const form = ok<{ _id: string; state: string }>(
      await send('POST', `${FS}/forms`, own.demo!, {
        templateId: created,
        values: { title: '无流程' },
        submit: true,
      }),
    );
    const { body, contentType } = multipartBody([
      { field: 'file', filename: 'p.docx', data: makeDocx(['{title} {_state}', '{#log}{action}{/log}']) },
    ]);
    const imported = await bare.app.inject({
      method: 'PUT',
      url: `${FS}/form-templates/${created}/print-template`,
      headers: { cookie: own.demo!, 'content-type': contentType },
      payload: body,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const print = (format: string, language?: string) =>
      bare.app.inject({
        method: 'GET',
        url: `${FS}/forms/${form._id}/print?format=${format}`,
        headers: { cookie: own.demo!, ...(language ? { 'accept-language': language } : {}) },
      });
    const pdf = await print('pdf', 'en-US');
    expect(pdf.statusCode).toBe(503);
    expect(keyOf(pdf)).toBe('forms.printConversionUnavailable');
    expect(json<{ message: string }>(pdf).message).toMatch(/LibreOffice/);
    const docx = await print('docx', 'en-US');
    expect(docx.statusCode).toBe(200);
    // A form without workflow has no log; its state in the request's language.
    expect(textOf(docx.rawPayload)).toContain('无流程 Executed');
  });
});
