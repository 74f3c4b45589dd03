import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';

export function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    console.warn(`[shell] page not found: ${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{MESSAGES.notFound.title}</h1>
      <p className="not-found__text">
        There is no page at <code>{location.pathname}</code>. It may have moved, or the address may be mistyped.
      </p>
      <div className="not-found__actions">
        <Link className="btn btn--primary" to={PATHS.home}>
          Return to Homepage
        </Link>
        <button type="button" className="btn" onClick={() => navigate(-1)}>
          Go Back
        </button>
      </div>
    </section>
  );
}
