// Global styles first, so that feature styles (imported by the components) can refine them.
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startApp } from './app/start';
import { connectApi } from './bridge/api';
import { createBridge } from './bridge/create-bridge';
import { loadUiState } from './bridge/ui-state';

const bridge = createBridge();
connectApi(bridge);
startApp();
void loadUiState(bridge);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
