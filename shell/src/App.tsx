import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/AppRoutes.tsx';
import './styles/global.css';

/** The whole site. main.tsx renders it; singleSpa.tsx wraps it in lifecycles. */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
