import { authAllows } from '@lintel/contracts/permissions';
import type {
  AttendanceCorrection,
  AttendanceCorrectionRecord,
  AttendanceDayBoard,
  AttendanceDayStatus,
  AttendanceDevice,
  AttendanceDeviceCreated,
  AttendanceGroupBy,
  AttendanceMonthSheet,
  AttendancePeriod,
  AttendanceStatistics,
  Craft,
  PersonnelRef,
  Unit,
  ViolationItem,
  ViolationRecord,
  ViolationRecordCreate,
  ViolationRecordUpdate,
  ViolationStatistics,
  ViolationType,
} from '@lintel/contracts/personnel';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { fetchListPage } from '../../lib/paging';

const enc = encodeURIComponent;
export const SERVICE = 'personnel-service';
/** The module key the permission templates grant for personnel, attendance and violations. */
export const PERSONNEL_MODULE_KEY = 'personnel';

export type PersonnelRightKey = 'create' | 'edit' | 'delete' | 'export';

const projectPath = (projectId: string, rest: string) => `${SERVICE}/projects/${enc(projectId)}/${rest}`;
/** Where the statistics and their exports are read (the export is the same call with `export=true`). */
export const statisticsPath = (projectId: string) => projectPath(projectId, 'attendance/statistics');
export const monthSheetPath = (projectId: string) => projectPath(projectId, 'attendance/monthSheet');
export const violationsListPath = (projectId: string) => projectPath(projectId, 'violationRecords');
export const violationStatisticsPath = (projectId: string) =>
  projectPath(projectId, 'violationRecords/statistics');
/** Where the site gates send their events (with `Authorization: Bearer <device token>`). */
export const INGEST_PATH = `${SERVICE}/attendance/events`;

export interface DayFilters {
  date: string;
  unitId?: string;
  craftId?: string;
  status?: AttendanceDayStatus;
  page: number;
  pageSize: number;
}

export interface StatisticsParams {
  period: AttendancePeriod;
  /** `YYYY-MM-DD` for day and week, `YYYY-MM` for month. */
  value: string;
  groupBy: AttendanceGroupBy;
}

export interface ViolationFilters {
  typeId?: string;
  itemId?: string;
  personId?: string;
  unitId?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export const attendanceKeys = {
  all: (projectId: string) => ['attendance', projectId] as const,
  day: (projectId: string, filters: DayFilters) =>
    [...attendanceKeys.all(projectId), 'day', filters] as const,
  corrections: (projectId: string, date: string) =>
    [...attendanceKeys.all(projectId), 'corrections', date] as const,
  statistics: (projectId: string, params: StatisticsParams) =>
    [...attendanceKeys.all(projectId), 'statistics', params] as const,
  sheet: (projectId: string, month: string, page: number, pageSize: number) =>
    [...attendanceKeys.all(projectId), 'sheet', month, page, pageSize] as const,
  devices: (projectId: string) => [...attendanceKeys.all(projectId), 'devices'] as const,
  settings: (projectId: string, kind: string) =>
    [...attendanceKeys.all(projectId), 'settings', kind] as const,
  people: (projectId: string, keyword: string) =>
    [...attendanceKeys.all(projectId), 'people', keyword] as const,
  right: (projectId: string, key: PersonnelRightKey) =>
    [...attendanceKeys.all(projectId), 'right', key] as const,
  violations: (projectId: string) => [...attendanceKeys.all(projectId), 'violations'] as const,
  violationList: (projectId: string, filters: ViolationFilters) =>
    [...attendanceKeys.violations(projectId), 'list', filters] as const,
  violationStatistics: (projectId: string, from?: string, to?: string) =>
    [...attendanceKeys.violations(projectId), 'statistics', from ?? '', to ?? ''] as const,
};

/** The query of a statistics period: `date` for a day or a week, `month` for a month. */
export function statisticsQuery({ period, value, groupBy }: StatisticsParams): Record<string, QueryValue> {
  return period === 'month' ? { period, month: value, groupBy } : { period, date: value, groupBy };
}

/** One page of the day board with the count and the totals per status of the same filter. */
export function useDayBoard(projectId: string, filters: DayFilters) {
  return useQuery({
    queryKey: attendanceKeys.day(projectId, filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<AttendanceDayBoard>(projectPath(projectId, 'attendance/days'), {
        signal,
        query: {
          date: filters.date,
          unitId: filters.unitId,
          craftId: filters.craftId,
          status: filters.status,
          skip: (filters.page - 1) * filters.pageSize,
          limit: filters.pageSize,
        },
      }),
  });
}

/** The corrections of a day, newest first (who changed what, why), shown beside the corrected rows. */
export function useDayCorrections(projectId: string, date: string, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.corrections(projectId, date),
    enabled,
    queryFn: ({ signal }) =>
      http.get<AttendanceCorrectionRecord[]>(projectPath(projectId, 'attendanceCorrections'), {
        signal,
        query: { from: date, to: date, limit: 200 },
      }),
  });
}

export function useStatistics(projectId: string, params: StatisticsParams) {
  return useQuery({
    queryKey: attendanceKeys.statistics(projectId, params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<AttendanceStatistics>(statisticsPath(projectId), { signal, query: statisticsQuery(params) }),
  });
}

/** One page of people of the month sheet (each with a status per day), with the count of all. */
export function useMonthSheet(
  projectId: string,
  month: string,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: attendanceKeys.sheet(projectId, month, page, pageSize),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<AttendanceMonthSheet>(monthSheetPath(projectId), {
        signal,
        query: { month, skip: (page - 1) * pageSize, limit: pageSize },
      }),
  });
}

/** Units, crafts, violation types or violation items of the project (the filters and pickers). */
function useSetting<T>(projectId: string, kind: 'units' | 'crafts' | 'violationTypes' | 'violationItems') {
  return useQuery({
    queryKey: attendanceKeys.settings(projectId, kind),
    queryFn: ({ signal }) => http.get<T[]>(projectPath(projectId, kind), { signal }),
    staleTime: 60_000,
  });
}
export const useUnits = (projectId: string) => useSetting<Unit>(projectId, 'units');
export const useCrafts = (projectId: string) => useSetting<Craft>(projectId, 'crafts');
export const useViolationTypes = (projectId: string) =>
  useSetting<ViolationType>(projectId, 'violationTypes');
export const useViolationItems = (projectId: string) =>
  useSetting<ViolationItem>(projectId, 'violationItems');

/** People of the project whose name, ID number tail or phone holds the keyword (the person picker). */
export function usePeopleSearch(projectId: string, keyword: string) {
  return useQuery({
    queryKey: attendanceKeys.people(projectId, keyword),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<PersonnelRef[]>(projectPath(projectId, 'personnel'), {
        signal,
        query: { keyword: keyword || undefined, limit: 30 },
      }),
    staleTime: 30_000,
  });
}

/** Whether the user may create, edit, delete or export in the personnel module (GET projects/{id}/auth). */
export function usePersonnelRight(projectId: string, key: PersonnelRightKey) {
  return useQuery({
    queryKey: attendanceKeys.right(projectId, key),
    queryFn: async ({ signal }) => {
      const answer = await http.get<{ value?: unknown }>(`account-service/projects/${enc(projectId)}/auth`, {
        signal,
        query: { key, moduleKey: PERSONNEL_MODULE_KEY },
      });
      return authAllows(key, answer?.value);
    },
    staleTime: 60_000,
  });
}

function useInvalidate(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all(projectId) });
}

export function useCorrectDay(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: AttendanceCorrection) =>
      http.post<AttendanceCorrectionRecord>(`${SERVICE}/attendanceCorrections`, body),
    onSuccess: invalidate,
  });
}

// ── gate devices ─────────────────────────────────────────────────────────────────────────────────────────

/** The project's live gate devices (`enabled`: the caller administers the project; others get 403). */
export function useDevices(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.devices(projectId),
    enabled,
    queryFn: ({ signal }) =>
      http.get<AttendanceDevice[]>(projectPath(projectId, 'attendanceDevices'), { signal }),
  });
}

export function useCreateDevice(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (name: string) =>
      http.post<AttendanceDeviceCreated>(`${SERVICE}/attendanceDevices`, { projectId, name }),
    onSuccess: invalidate,
  });
}

export function useRenameDevice(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      http.put<AttendanceDevice>(`${SERVICE}/attendanceDevices/${enc(id)}`, { name }),
    onSuccess: invalidate,
  });
}

export function useRevokeDevice(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${SERVICE}/attendanceDevices/${enc(id)}`),
    onSuccess: invalidate,
  });
}

// ── violations ───────────────────────────────────────────────────────────────────────────────────────────

/** The filters of the list as the server takes them (paging apart). */
export function violationQuery(filters: ViolationFilters): Record<string, QueryValue> {
  const { page: _page, pageSize: _size, ...rest } = filters;
  return rest;
}

export function useViolations(projectId: string, filters: ViolationFilters) {
  return useQuery({
    queryKey: attendanceKeys.violationList(projectId, filters),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      return fetchListPage<ViolationRecord>(
        violationsListPath(projectId),
        violationQuery(filters),
        filters,
        signal,
      );
    },
  });
}

export function useViolationStatistics(projectId: string, from?: string, to?: string) {
  return useQuery({
    queryKey: attendanceKeys.violationStatistics(projectId, from, to),
    queryFn: ({ signal }) =>
      http.get<ViolationStatistics>(violationStatisticsPath(projectId), { signal, query: { from, to } }),
  });
}

function useInvalidateViolations(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: attendanceKeys.violations(projectId) });
}

export function useSaveViolation(projectId: string) {
  const invalidate = useInvalidateViolations(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ViolationRecordCreate }) => {
      if (id === null) return http.post<ViolationRecord>(`${SERVICE}/violationRecords`, body);
      const { projectId: _p, ...change } = body;
      return http.put<ViolationRecord>(
        `${SERVICE}/violationRecords/${enc(id)}`,
        change as ViolationRecordUpdate,
      );
    },
    onSuccess: invalidate,
  });
}

export function useDeleteViolation(projectId: string) {
  const invalidate = useInvalidateViolations(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${SERVICE}/violationRecords/${enc(id)}`),
    onSuccess: invalidate,
  });
}
