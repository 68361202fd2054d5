import '../locales';
import '../home.css';
import { App } from 'antd';
import { useLanguage } from '../../../app/useLanguage';
import { useCurrentUser } from '../../account/api';
import { productName, useProfile } from '../../system/api';
import { OrgTreePanel } from '../components/OrgTreePanel';
import { VisitorLanding } from '../components/VisitorLanding';
import { WelcomePanel } from '../components/WelcomePanel';

/** /home: the signed-in user's tree of enterprises, circles and projects; a visitor sees the way in. */
export default function HomePage() {
  const user = useCurrentUser();
  const product = productName(useProfile(), useLanguage());
  // antd's App gives the tree its messages (in this chunk only, see providers.tsx).
  return (
    <App component={false}>
      <div className="page home-page" data-testid="home-page">
        {user ? (
          <div className="home-page__stack">
            <WelcomePanel user={user} />
            <OrgTreePanel userId={user._id} />
          </div>
        ) : (
          <VisitorLanding product={product} />
        )}
      </div>
    </App>
  );
}
