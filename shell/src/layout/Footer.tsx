import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from 'shared-contracts/product';
import { PATHS } from 'shared-contracts/routes';
import { TOOLS } from '../pages/toolCatalog.ts';
import { Logo } from './Logo.tsx';
import './Footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about" id="about">
          <div className="site-footer__brand">
            <Logo size={26} />
            <span>{PRODUCT_NAME}</span>
          </div>
          <p>
            A free tool for marketers, researchers, designers and content creators: paste a link or drop a file, see
            every image it holds, and download them.
          </p>
        </div>
        <nav aria-label="Tools" className="site-footer__col">
          <h2>Tools</h2>
          <ul>
            {TOOLS.map((tool) => (
              <li key={tool.kind}>
                <Link to={tool.path}>{tool.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company" className="site-footer__col">
          <h2>Company</h2>
          <ul>
            <li>
              <a href="#about">About Us</a>
            </li>
            <li>
              <Link to={PATHS.faq}>FAQ</Link>
            </li>
            <li>
              <Link to={PATHS.contactUs}>Contact Us</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="site-footer__col">
          <h2>Legal</h2>
          <ul>
            <li>
              <Link to={PATHS.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={PATHS.termsOfService}>Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}
