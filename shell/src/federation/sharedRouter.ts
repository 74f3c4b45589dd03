// The part of react-router-dom the remotes receive. Handing over the whole package namespace kept
// all of it in the shell's bundle (61 KB gzip on every page, `/` included); these names are what the
// apps import, 15 KB. A test checks that every name a remote imports from react-router-dom is here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from 'react-router-dom';
