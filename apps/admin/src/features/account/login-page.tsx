import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { LoginInput } from '@darkroom/contracts';
import { dismissNotifications, useNotify } from '../../components/notify';
import { writeSession } from '../../app/session';
import { useSession } from '../../app/use-session';
import { LoginField } from './login-field';
import type { LoginErrors } from './login-actions';

// zod, the contracts and the endpoint table load on the first check or submit, not with the page.
const actions = () => import('./login-actions');
const FIELDS = ['username', 'password'] as const;

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
  // A small controlled form checked against the contract's schema: a field on leaving it until the
  // first submit, then on every change (as react-hook-form's onBlur mode does on the other forms).
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const username = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const inputs = { username, password };

  if (session) return <Navigate to={target} replace />;

  const checkField = async (field: keyof LoginInput, next: LoginInput) => {
    const message = (await actions()).checkLogin(next).errors?.[field];
    setErrors((e) => (e[field] === message ? e : { ...e, [field]: message }));
  };

  const field = (name: keyof LoginInput) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) void checkField(name, next);
    },
    onBlur: () => {
      if (!submitted) void checkField(name, values);
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    setSubmitting(true);
    try {
      const { checkLogin, loginCall, loginError } = await actions();
      const checked = checkLogin(values);
      setErrors(checked.errors ?? {});
      if (!checked.data) {
        inputs[FIELDS.find((f) => checked.errors[f])!].current?.focus();
        return;
      }
      setError(null);
      try {
        const res = await loginCall(checked.data);
        writeSession({ isLoggedIn: true, userDetail: res.userDetails, authToken: res.authToken, maxTimeOut: res.maxTimeOut });
        // An earlier attempt's 'does not match' is no longer true.
        dismissNotifications();
        void navigate(target, { replace: true });
      } catch (err) {
        const message = loginError(err);
        setError(message);
        notify(message, 'error');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper component="form" noValidate onSubmit={(e) => void onSubmit(e)} elevation={3} sx={{ p: 4, width: '100%', maxWidth: 400 }}>
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
        <LoginField label="Username" autoComplete="username" autoFocus inputRef={username} {...field('username')} />
        <LoginField label="Password" type="password" autoComplete="current-password" inputRef={password} {...field('password')} />
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
