/** Web Push on the server: its public key, and this browser's subscription under the identity. */
import type { PushKey, PushSubscriptionBody } from '@dating/contract';
import { api } from '../../../lib/api-client.ts';

export const getPushKey = async () => (await api.get<PushKey>('/api/push/key/')).public_key;

export const savePushSubscription = (subscription: PushSubscriptionBody) =>
  api.request<null>('POST', '/api/push/subscriptions/', { body: subscription });

export const deletePushSubscription = (endpoint: string) =>
  api.request<null>('DELETE', '/api/push/subscriptions/', { body: { endpoint } });
