export const PORT = Number(process.env.E2E_PORT ?? 8123);
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-pass-123',
};
