import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { LoginInput } from '@darkroom/contracts';
import { useNotify } from '../../components/notify';
import { writeSession } from '../../app/session';
import { useSession } from '../../app/use-session';
import { LoginField } from './login-field';

// zod, the contracts and the endpoint table load on the first check or submit, not with the page.
const actions = () => import('./login-actions');
const resolver: Resolver<LoginInput> = async (...args) => (await actions()).loginResolver(...args);

export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The page the admin was on when the session ended (set by the admin layout); else the dashboard.
  const from = (location.state as { from?: unknown } | null)?.from;
  const target =
    typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/dashboard';
  useEffect(() => {
    document.title = 'Sign in · Darkroom';
  }, []);
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver, mode: 'onBlur', defaultValues: { username: '', password: '' } });

  if (session) return <Navigate to={target} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const { loginCall, loginError } = await actions();
    try {
      const res = await loginCall(values);
      writeSession({ isLoggedIn: true, userDetail: res.userDetails, authToken: res.authToken, maxTimeOut: res.maxTimeOut });
      void navigate(target, { replace: true });
    } catch (err) {
      const message = loginError(err);
      setError(message);
      notify(message, 'error');
    }
  });

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper component="form" noValidate onSubmit={onSubmit} elevation={3} sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
          Darkroom
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Sign in to manage your studio website
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <LoginField label="Username" autoComplete="username" autoFocus registration={register('username')} error={errors.username} />
        <LoginField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Sign in
        </Button>
      </Paper>
    </Box>
  );
}
