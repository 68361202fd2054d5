import type { TopicImage } from '@lintel/contracts/topics';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../lib/projectFiles';

/** Thumbnails that open the full pictures (with the previous / next of antd's preview). */
export function ImageGallery({ images, testId }: { images: readonly TopicImage[]; testId: string }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <div className="topic-gallery" data-testid={testId}>
      <Image.PreviewGroup>
        {images.map((image, index) => (
          <Image
            key={image._id}
            src={fileUrl(image.url, true)}
            preview={{ src: fileUrl(image.url) }}
            alt={image.name || t('topics:images.alt', { index: index + 1 })}
            width={96}
            height={96}
          />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}
