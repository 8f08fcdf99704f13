// A React app on Vite without the kit: what the host loads for any page (React, React DOM).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <h1>Notification settings</h1>
  </StrictMode>,
);
