import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerEngine } from '../engine/createViewer';
import { cubeTransform, VIEW_NAMES, type ViewName } from './viewMath';

const FACES: ReadonlyArray<Exclude<ViewName, 'iso'>> = ['front', 'back', 'left', 'right', 'top', 'bottom'];

/**
 * The orientation control: a cube that turns with the camera (its faces clickable: that side's view) and a
 * list of every named view (the faces behind the cube, and iso) for keyboards and for the hidden sides.
 * Loaded after the first frame (ViewerPage).
 */
export default function ViewCube(props: { engine: ViewerEngine; onView: (view: ViewName) => void }) {
  const { t } = useTranslation();
  const { engine, onView } = props;
  const cube = useRef<HTMLDivElement>(null);
  const [listOpen, setListOpen] = useState(false);

  // Follows the camera on every drawn frame (orbit, walk, a restored viewport), writing the style directly.
  useEffect(() => {
    let last = '';
    const follow = () => {
      const transform = cubeTransform(engine.world.camera.three.quaternion);
      if (transform === last || !cube.current) return;
      last = transform;
      cube.current.style.transform = transform;
    };
    follow();
    return engine.onFrame(follow);
  }, [engine]);

  const choose = (view: ViewName) => {
    setListOpen(false);
    onView(view);
  };

  return (
    <div className="viewer-cube" data-testid="viewer-view-cube">
      <div className="viewer-cube__scene" aria-hidden>
        <div className="viewer-cube__cube" ref={cube}>
          {FACES.map((face) => (
            <button
              key={face}
              type="button"
              tabIndex={-1}
              className={`viewer-cube__face viewer-cube__face--${face}`}
              title={t(`modelViewer:views.${face}`)}
              onClick={() => choose(face)}
              data-testid={`viewer-cube-${face}`}
            >
              {t(`modelViewer:views.${face}`)}
            </button>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="viewer-cube__menu-button"
        aria-expanded={listOpen}
        aria-label={t('modelViewer:views.label')}
        title={t('modelViewer:views.label')}
        onClick={() => setListOpen((open) => !open)}
        data-testid="viewer-views-button"
      >
        {t('modelViewer:views.short')}
      </button>
      {listOpen && (
        <ul className="viewer-cube__list" aria-label={t('modelViewer:views.label')}>
          {VIEW_NAMES.map((view) => (
            <li key={view}>
              <button type="button" onClick={() => choose(view)} data-testid={`viewer-view-${view}`}>
                {t(`modelViewer:views.${view}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
