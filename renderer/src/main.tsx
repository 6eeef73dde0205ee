// Global styles first, so that feature styles (imported by the components) can refine them.
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startSync } from './app/start-sync';
import { ApiProvider } from './bridge/api-context';
import { createBridge } from './bridge/create-bridge';
import { loadUiState } from './bridge/ui-state';

const bridge = createBridge();
startSync(bridge);
void loadUiState(bridge);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <ApiProvider bridge={bridge}>
      <App />
    </ApiProvider>
  </StrictMode>,
);
