import '../locales';
import { useLanguage } from '../../../app/useLanguage';
import { useCurrentUser } from '../../account/api';
import { productName, useProfile } from '../../system/api';
import { ProjectsPanel } from '../components/ProjectsPanel';
import { VisitorLanding } from '../components/VisitorLanding';
import { WelcomePanel } from '../components/WelcomePanel';

/** /home: the landing page after sign-in; a visitor sees the product and the way to sign in. */
export default function HomePage() {
  const user = useCurrentUser();
  const product = productName(useProfile(), useLanguage());
  return (
    <div className="page home-page" data-testid="home-page">
      {user ? (
        <div className="home-page__stack">
          <WelcomePanel user={user} />
          <ProjectsPanel />
        </div>
      ) : (
        <VisitorLanding product={product} />
      )}
    </div>
  );
}
