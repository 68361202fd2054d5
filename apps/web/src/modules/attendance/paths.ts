const enc = encodeURIComponent;

/** The daily board is the attendance index; statistics and gate devices hang below it. */
export const attendancePath = (projectId: string) => `/projects/${enc(projectId)}/attendance`;
export const attendanceStatisticsPath = (projectId: string) =>
  `/projects/${enc(projectId)}/attendance/statistics`;
export const attendanceDevicesPath = (projectId: string) => `/projects/${enc(projectId)}/attendance/devices`;
export const violationsPath = (projectId: string) => `/projects/${enc(projectId)}/violations`;
