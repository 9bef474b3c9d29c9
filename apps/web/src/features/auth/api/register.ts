import type { PublicUser, RegisterBody } from '@dating/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const register = (body: RegisterBody) => api.post<PublicUser>('/api/register/', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
