import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { PageHeader } from '../../components/page-header';

/** The spec lists /Blog inside the layout; the studio's site has no blog yet, so say so. */
export default function BlogPage() {
  return (
    <Box>
      <PageHeader title="Blog" />
      <Typography sx={{ mb: 1 }}>The blog is not part of the studio&apos;s site yet.</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is nothing to manage here. Page images for the blog page can be set under Page images.
      </Typography>
      <Button variant="outlined" component={RouterLink} to="/manage-page-images">
        Go to page images
      </Button>
    </Box>
  );
}
