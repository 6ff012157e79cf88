import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';

export default function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you asked for does not exist.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        Go to the dashboard
      </Button>
    </Box>
  );
}
