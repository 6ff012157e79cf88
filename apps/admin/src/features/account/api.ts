import type { LoginInput, LoginResponse } from '@darkroom/contracts';
import { api } from '../../api/client';

export const loginCall = (input: LoginInput) => api.post<LoginResponse>('/accounts/auth-admin/login/', { ...input });
