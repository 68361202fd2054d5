/**
 * The notice a first start prints for the operator when it generated the administrator's password
 * (issue 17): plain text in a frame, written to the terminal after the "running" line, never through the
 * logger (log lines are shipped and kept; the notice is for the person watching the start).
 */
export function formatAdminNotice({
  url,
  name,
  password,
}: {
  url: string;
  name: string;
  password: string;
}): string {
  const lines = [
    'Lintel is ready. Sign in as the system administrator:',
    '',
    `  address   ${url}`,
    `  account   ${name}`,
    `  password  ${password}`,
    '',
    'This generated password is shown only this once: you will be asked to',
    'choose your own at the first sign-in. (Set ADMIN_PASSWORD before the',
    'first start to pick it yourself.)',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n');
}
