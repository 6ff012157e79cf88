import { configure } from '@testing-library/react';

// findBy/waitFor wait for what the test expects, not for a fixed second: a loaded machine may take longer.
configure({ asyncUtilTimeout: 20_000 });
