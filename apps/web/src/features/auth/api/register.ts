import type { PublicUser, RegisterBody } from '@dating/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const register = ({
  body,
  idempotencyKey,
}: {
  body: RegisterBody;
  idempotencyKey: string;
}) => api.post<PublicUser>('/api/register/', body, { idempotencyKey });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
