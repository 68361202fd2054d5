import type { User } from '@lintel/contracts/account';
import {
  type Craft,
  type DayOff,
  idNumberCheckCharacter,
  maskSensitive,
  type Person,
  type PersonnelImportPreview,
  type PersonnelPublicCard,
  type PersonSensitive,
  type Rule,
  type Unit,
  unitWithDescendants,
  type ViolationItem,
  type ViolationType,
} from '@lintel/contracts/personnel';
import type { FakeApi, FakeReply, SeenRequest } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import {
  TEST_AT as AT,
  makeProjectMember,
  makeTestProject,
  serveProjectFrame,
  type TestProjectIds,
  takeRefusal,
} from '../../test/project';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import PersonDetailPage from './pages/PersonDetailPage';
import PersonFormPage from './pages/PersonFormPage';
import PersonnelPage from './pages/PersonnelPage';
import PersonnelSettingsPage from './pages/PersonnelSettingsPage';
import SharedPersonPage from './pages/SharedPersonPage';

export const PROJECT_ID = '67b000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '67b000000000000000000002',
  memberIdPrefix: '67b0000000000000000006',
};
export const ADMIN = makeUser({ _id: '67b000000000000000000101', name: 'demo', nickName: '演示用户' });
export const MEMBER = makeUser({ _id: '67b000000000000000000102', name: 'zhangsan', nickName: '张三' });
export const UNIT_ID = '67b000000000000000000201';
export const SUB_UNIT_ID = '67b000000000000000000202';
export const CRAFT_ID = '67b000000000000000000301';
export const RULE_ID = '67b000000000000000000401';
export const PERSON_ID = '67b000000000000000000501';
export const SHARE_TOKEN = 'abcdefghijklmnopqrstuvwx';
/** The token a rotation answers. */
export const ROTATED_TOKEN = 'zyxwvutsrqponmlkjihgfedc';
const FILE_ID = '67b000000000000000000901';

const S = 'personnel-service';
const notFound: FakeReply = {
  status: 404,
  json: { code: 404, key: 'common.notFound', message: '请求的资源不存在' },
};

/** A valid mainland ID number: region 110105, the birth date, a sequence; the check character computed. */
export function validIdNumber(birth = '19900307', sequence = '123'): string {
  const first17 = `110105${birth}${sequence}`;
  return `${first17}${idNumberCheckCharacter(first17)}`;
}

export function makeUnit(_id: string, name: string, parentId: string | null, staffCount = 0): Unit {
  return { _id, projectId: PROJECT_ID, name, parentId, staffCount, createdAt: AT, updatedAt: AT };
}

/** The full values of makePerson's default worker (what GET personnel/{id}/sensitive answers). */
export const FULL_VALUES = { idNumber: validIdNumber(), phone: '13800000000', teamPhone: '13900000000' };

/** A person as the server answers them: ID number and phones masked unless `patch.masked` is false. */
export function makePerson(patch: Partial<Person> = {}): Person {
  const person: Person = {
    _id: PERSON_ID,
    projectId: PROJECT_ID,
    name: '王建国',
    sex: 0,
    idNumber: FULL_VALUES.idNumber,
    masked: true,
    birthDate: '1990-03-07',
    age: 36,
    bloodType: 'A',
    unitId: SUB_UNIT_ID,
    unit: { _id: SUB_UNIT_ID, name: '一组', deleted: false },
    team: '建安劳务',
    teamContact: '李队长',
    teamPhone: FULL_VALUES.teamPhone,
    phone: FULL_VALUES.phone,
    craftId: CRAFT_ID,
    craft: { _id: CRAFT_ID, name: '木工' },
    certificates: ['T110105199003071234'],
    entryDate: '2026-03-01',
    exitDate: null,
    attachments: [],
    avatar: null,
    avatarUrl: null,
    safetyEducation: [{ date: '2026-03-01', content: '入场三级安全教育', hours: 24 }],
    ruleId: null,
    rule: { _id: RULE_ID, name: '标准考勤' },
    status: 'entry',
    remark: '',
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
  return masked(person);
}

/** The server masks unless told otherwise (masking a masked value changes nothing). */
function masked(person: Person): Person {
  return person.masked ? { ...person, ...maskSensitive(person) } : person;
}

/** The server's state the handlers read and change; a test sets what it needs. */
export interface PersonnelState {
  people: Person[];
  units: Unit[];
  crafts: Craft[];
  rules: Rule[];
  violationTypes: ViolationType[];
  violationItems: ViolationItem[];
  dayOffs: DayOff[];
  rights: Record<string, unknown>;
  role: 'admin' | 'member';
  importPreview: PersonnelImportPreview;
  cards: Record<string, PersonnelPublicCard>;
  /** What GET personnel/{id}/sensitive answers, by person. */
  full: Record<string, PersonSensitive>;
  /** A reply that replaces the next answer of a route (`METHOD path`). */
  refuse: Record<string, FakeReply>;
}

export const state: PersonnelState = {} as PersonnelState;

export function makeCard(patch: Partial<PersonnelPublicCard> = {}): PersonnelPublicCard {
  return {
    name: '王建国',
    avatar: null,
    projectName: '示范项目一期',
    unitName: '一组',
    craftName: '木工',
    status: 'entry',
    entryDate: '2026-03-01',
    certificates: ['T110105199003071234'],
    safetyEducationCount: 3,
    ...patch,
  };
}

export function resetState(): void {
  state.people = [];
  state.units = [makeUnit(UNIT_ID, '工程部', null, 2), makeUnit(SUB_UNIT_ID, '一组', UNIT_ID, 1)];
  state.crafts = [
    { _id: CRAFT_ID, projectId: PROJECT_ID, name: '木工', staffCount: 1, createdAt: AT, updatedAt: AT },
  ];
  state.rules = [
    {
      _id: RULE_ID,
      projectId: PROJECT_ID,
      name: '标准考勤',
      hours: 8,
      cumulativeHours: false,
      isDefault: true,
      initial: true,
      staffCount: 1,
      createdAt: AT,
      updatedAt: AT,
    },
  ];
  state.violationTypes = [];
  state.violationItems = [];
  state.dayOffs = [];
  state.rights = { create: true, edit: true, delete: true, export: true };
  state.role = 'admin';
  state.importPreview = { rows: [], valid: 0, invalid: 0 };
  state.cards = { [SHARE_TOKEN]: makeCard() };
  state.full = { [PERSON_ID]: { _id: PERSON_ID, ...FULL_VALUES } };
  state.refuse = {};
}
resetState();

const refused = (route: string) => takeRefusal(state.refuse, route);

/** The list's filters as the server applies them (unit with its sub-units, craft, status, keyword). */
function filtered(query: URLSearchParams): Person[] {
  const unitId = query.get('unitId');
  const units = unitId ? unitWithDescendants(state.units, unitId) : null;
  const craftId = query.get('craftId');
  const status = query.get('status');
  const keyword = query.get('keyword');
  return state.people.filter(
    (p) =>
      (!units || units.includes(p.unitId)) &&
      (!craftId || p.craftId === craftId) &&
      (!status || p.status === status) &&
      (!keyword || p.name.includes(keyword) || p.idNumber.endsWith(keyword) || p.phone.includes(keyword)),
  );
}

function servePerson(api: FakeApi, id: string): void {
  const path = `${S}/personnel/${id}`;
  const find = () => state.people.find((p) => p._id === id);
  const change = (route: string, apply: (person: Person, body: Record<string, unknown>) => Person) =>
    api.on(route, (request: SeenRequest) => {
      const refusal = refused(route);
      if (refusal) return refusal;
      const person = find();
      if (!person) return notFound;
      const next = apply(person, (request.body ?? {}) as Record<string, unknown>);
      state.people = state.people.map((p) => (p._id === id ? next : p));
      return { json: next };
    });
  api.on(`GET ${path}`, () => refused(`GET ${path}`) ?? (find() ? { json: find() } : notFound));
  change(`PUT ${path}`, (person, body) => masked({ ...person, ...(body as Partial<Person>) }));
  api.on(`GET ${path}/sensitive`, () => {
    const refusal = refused(`GET ${path}/sensitive`);
    if (refusal) return refusal;
    return state.full[id] ? { json: state.full[id] } : notFound;
  });
  change(`PUT ${path}/exit`, (person, body) => ({
    ...person,
    status: 'exit',
    exitDate: body.date as string,
    remark: body.remark as string,
  }));
  change(`PUT ${path}/reentry`, (person, body) => ({
    ...person,
    status: 'entry',
    entryDate: body.date as string,
    exitDate: null,
  }));
  api.on(`GET ${path}/share`, () =>
    find() ? { json: { token: SHARE_TOKEN, url: `/share/personnel/${SHARE_TOKEN}` } } : notFound,
  );
  api.on(`POST ${path}/share`, () =>
    find() ? { json: { token: ROTATED_TOKEN, url: `/share/personnel/${ROTATED_TOKEN}` } } : notFound,
  );
  api.on(`DELETE ${path}/share`, () => (find() ? { json: {} } : notFound));
}

type Collection = 'units' | 'crafts' | 'rules' | 'violationTypes' | 'violationItems' | 'dayOffs';

function serveSettingRecord(api: FakeApi, collection: Collection, id: string): void {
  const path = `${S}/${collection}/${id}`;
  const list = () => state[collection] as { _id: string }[];
  api.on(`PUT ${path}`, (request) => {
    const refusal = refused(`PUT ${path}`);
    if (refusal) return refusal;
    (state[collection] as { _id: string }[]) = list().map((r) =>
      r._id === id ? { ...r, ...(request.body as object) } : r,
    );
    return { json: list().find((r) => r._id === id) };
  });
  const remove = (route: string) =>
    api.on(route, () => {
      const refusal = refused(route);
      if (refusal) return refusal;
      let staffChanged = 0;
      if (collection === 'units') {
        const gone = unitWithDescendants(state.units, id);
        state.units = state.units.filter((u) => !gone.includes(u._id));
        state.people = state.people.map((p) => {
          if (!gone.includes(p.unitId) || p.status === 'exit') return p;
          staffChanged += 1;
          return { ...p, status: 'exit', exitDate: '2026-03-02' };
        });
        return { json: { deleted: gone.length, staffChanged } };
      }
      (state[collection] as { _id: string }[]) = list().filter((r) => r._id !== id);
      return { json: { deleted: 1, staffChanged } };
    });
  if (collection === 'units' || collection === 'crafts') remove(`PUT ${path}/delete`);
  else remove(`DELETE ${path}`);
}

let created = 0;
const newId = (prefix: string) => {
  created += 1;
  return `67b0000000000000000${prefix}${String(created).padStart(3, '0')}`;
};

/** The calls the personnel pages and the workbench frame make, over `state`. */
export function servePersonnel(api: FakeApi): void {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, ADMIN),
    members: [ADMIN, MEMBER].map((user, index) => makeProjectMember(IDS, user, index)),
    role: () => state.role,
    modules: () => [{ key: 'personnel', group: 'security' }],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/auth`, (request) => ({
    json: { value: state.rights[request.query.get('key') ?? ''] ?? false },
  }));
  const listPath = `${S}/projects/${PROJECT_ID}/personnel`;
  api.on(`GET ${listPath}`, (request) => {
    const refusal = refused(`GET ${listPath}`);
    if (refusal) return refusal;
    if (request.query.get('export') === 'true') {
      return {
        raw: {
          body: 'PK-xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      };
    }
    const list = filtered(request.query);
    if (request.query.get('only_count') === 'true') return { json: { count: list.length } };
    const skip = Number(request.query.get('skip') ?? 0);
    const limit = Number(request.query.get('limit') ?? 20);
    return { json: list.slice(skip, skip + limit) };
  });
  api.on(`GET ${listPath}/import-template`, {
    raw: {
      body: 'PK-template',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  });
  api.on(`POST ${listPath}/import`, (request) => {
    const refusal = refused(`POST ${listPath}/import`);
    if (refusal) return refusal;
    if (request.query.get('preview') === 'true') return { json: state.importPreview };
    return { json: { created: state.importPreview.valid, ids: [] } };
  });
  api.on(`POST ${S}/personnel`, (request) => {
    const refusal = refused(`POST ${S}/personnel`);
    if (refusal) return refusal;
    const body = request.body as Partial<Person>;
    const person = makePerson({ ...body, _id: newId('5') } as Partial<Person>);
    state.people.push(person);
    servePerson(api, person._id);
    return { json: person };
  });
  servePerson(api, PERSON_ID);
  for (const collection of [
    'units',
    'crafts',
    'rules',
    'violationTypes',
    'violationItems',
    'dayOffs',
  ] as const) {
    api.on(`GET ${S}/projects/${PROJECT_ID}/${collection}`, () => ({ json: state[collection] }));
    api.on(`POST ${S}/${collection}`, (request) => {
      const refusal = refused(`POST ${S}/${collection}`);
      if (refusal) return refusal;
      const record = {
        _id: newId('8'),
        staffCount: 0,
        itemCount: 0,
        createdAt: AT,
        updatedAt: AT,
        ...(request.body as object),
      };
      (state[collection] as unknown[]).push(record);
      serveSettingRecord(api, collection, record._id);
      return { json: record };
    });
  }
  for (const id of [UNIT_ID, SUB_UNIT_ID]) serveSettingRecord(api, 'units', id);
  serveSettingRecord(api, 'crafts', CRAFT_ID);
  serveSettingRecord(api, 'rules', RULE_ID);
  api.on(`GET ${S}/share/personnel/${SHARE_TOKEN}`, () =>
    state.cards[SHARE_TOKEN] ? { json: state.cards[SHARE_TOKEN] } : notFound,
  );
  api.on('POST base-service/files', { json: { files: [`/api/v1/base-service/files/${FILE_ID}`] } });
  api.on(`DELETE base-service/files/${FILE_ID}`, { json: {} });
}

/** Renders the personnel routes (and the public card) at `path` as `user`. */
export function renderPersonnel(path: string, user: User | null = ADMIN) {
  const view = renderRoutes(
    {
      '/projects/:projectId/personnel': <PersonnelPage />,
      '/projects/:projectId/personnel/new': <PersonFormPage />,
      '/projects/:projectId/personnel/settings': <PersonnelSettingsPage />,
      '/projects/:projectId/personnel/:personId': <PersonDetailPage />,
      '/projects/:projectId/personnel/:personId/edit': <PersonFormPage />,
      '/share/personnel/:token': <SharedPersonPage />,
    },
    { path, user },
  );
  return { ...view, user: setupUser() };
}

export { requestsTo } from '../../test/project';
