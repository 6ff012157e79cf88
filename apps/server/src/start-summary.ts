import type { Config } from './config';

/** The first admin made at this start, with the password generated for it (shown once). */
export interface NewAdmin {
  username: string;
  password: string;
}

/**
 * What a start prints last, so it is what a terminal shows: where the website and the portal
 * answer and, on the first start, how to sign in.
 */
export function startSummary(config: Pick<Config, 'port' | 'publicUrl'>, newAdmin: NewAdmin | null): string {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = ['', `  Website: ${base}/`, `  Portal:  ${base}/admin-account/`];
  if (newAdmin) {
    lines.push(
      `  First admin created. Username: ${newAdmin.username}  Password: ${newAdmin.password}`,
      '  (shown once; change it under Change password)',
    );
  }
  return lines.join('\n') + '\n\n';
}
