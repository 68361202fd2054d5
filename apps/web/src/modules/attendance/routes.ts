import type { PageLoader } from '../../app/routeTypes';

/** Attendance and violations of a project's workbench (echarts loads with the pages that draw charts). */
export const attendancePages = {
  /** /projects/:projectId/attendance — the daily board with corrections. */
  board: () => import('./pages/AttendanceBoardPage'),
  /** /projects/:projectId/attendance/statistics — day / week / month statistics and the month sheet. */
  statistics: () => import('./pages/AttendanceStatisticsPage'),
  /** /projects/:projectId/attendance/devices — the gate devices (project admins). */
  devices: () => import('./pages/AttendanceDevicesPage'),
  /** /projects/:projectId/violations — violation records and their statistics. */
  violations: () => import('./pages/ViolationsPage'),
} satisfies Record<string, PageLoader>;
