import './app/i18n';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { preloadPage } from './app/router';
import { sessionQuery } from './modules/account/api';
import { profileQuery } from './modules/system/api';

const queryClient = createQueryClient();
// Start both checks while the page's code is still loading, instead of after the shell mounts.
void queryClient.prefetchQuery(profileQuery);
void queryClient.prefetchQuery(sessionQuery);
// And the code of the page asked for, so it is there when they answer.
preloadPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
