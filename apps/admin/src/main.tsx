import { startFirstScreenEarly } from './app/early-start';

// Opened signed in on a screen: the shell's code, the screen's and its first data are asked for
// now, while React, MUI and the app (the `base` chunk the page preloads) are still arriving.
startFirstScreenEarly();
void import('./app/render').then((m) => m.renderApp());
