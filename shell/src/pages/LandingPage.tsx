import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from 'shared-contracts/product';
import { LANDING_SECTIONS, PATHS } from 'shared-contracts/routes';
import { ToolIcon } from './ToolIcon.tsx';
import { TOOLS } from './toolCatalog.ts';
import './LandingPage.css';

// Plain React and CSS: `/` is the page most people land on, so it loads no UI library and no remote.

const FEATURES = [
  {
    title: 'Finds what others miss',
    text: 'Lazy-loaded pictures, srcset variants, CSS backgrounds, social preview images, inline SVG, and images nested deep inside documents.',
  },
  {
    title: 'Fast processing',
    text: 'Documents and videos are read right in your browser, so there is no upload to wait for.',
  },
  {
    title: 'Nothing to install',
    text: 'It all runs in your web browser. No extension, no app, no sign-up.',
  },
  {
    title: 'Multiple formats',
    text: 'JPEG, PNG, GIF, WebP, SVG, AVIF and more, each reported in its true format with its real size.',
  },
  {
    title: 'SEO and creator friendly',
    text: 'See every image a page uses with its dimensions and alt text, and download one or all of them as a ZIP.',
  },
] as const;

const STEPS = [
  { title: 'Choose a method', text: 'Pick a web page, a whole website, a video, or a PDF, Word or PowerPoint file.' },
  { title: 'Upload or paste a link', text: 'Drop your file in, or paste the address of the page or video.' },
  {
    title: 'Extract and download',
    text: 'See every image at full quality, then download one, or all of them as a ZIP.',
  },
] as const;

/** One of the page's sections: the header's links jump to its id, its heading names it. */
function LandingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className="landing__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

export function LandingPage() {
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <h1 id="hero-title">Extract every image, from anything</h1>
          <p className="hero__lead">
            {PRODUCT_NAME} pulls the images out of web pages, whole websites, videos, PDFs, Word and PowerPoint files,
            at full quality, with their size and format.
          </p>
          <div className="hero__actions">
            <Link className="btn btn--primary btn--large" to={PATHS.urlExtractor}>
              Extract from a URL
            </Link>
            <Link className="btn btn--large" to={PATHS.tools}>
              See all tools
            </Link>
          </div>
        </div>
        <aside className="hero__card" aria-label={`${TOOLS.length} sources`}>
          <p className="hero__count">
            <strong>{TOOLS.length}</strong> sources, one tool
          </p>
          <ul className="hero__sources">
            {TOOLS.map((tool) => (
              <li key={tool.kind}>
                <ToolIcon kind={tool.kind} size={22} />
                {tool.title}
              </li>
            ))}
          </ul>
        </aside>
      </section>

      <LandingSection id={LANDING_SECTIONS.features} title="Features">
        <ul className="feature-list">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id={LANDING_SECTIONS.howItWorks} title="How It Works">
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </LandingSection>

      <LandingSection id={LANDING_SECTIONS.tools} title="Tools">
        <ul className="tool-grid">
          {TOOLS.map((tool) => (
            <li key={tool.kind}>
              <Link className="tool-card" to={tool.path}>
                <span className="tool-card__icon">
                  <ToolIcon kind={tool.kind} />
                </span>
                <span className="tool-card__title">{tool.title}</span>
                <span className="tool-card__text">{tool.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </LandingSection>
    </div>
  );
}
