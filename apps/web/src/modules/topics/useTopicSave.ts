import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { imagesFailed, imagesPending } from '../../components/project/ImagesField';
import { errorMessage } from '../../lib/errors';
import { showFieldErrors } from '../../lib/fieldErrors';
import { linksPending } from './components/LinksField';
import { TOPIC_FORM_FIELDS, type TopicFormValues } from './components/TopicForm';

/**
 * The submit of every topic form (its page and the viewer's side form): nothing is sent while images or
 * linked files are still uploading or one failed; the server's field errors go on their fields, any other
 * error is a message. `save` sends the request and does what follows a success.
 */
export function useTopicSave(form: FormInstance<TopicFormValues>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (values: TopicFormValues, save: () => Promise<void>): Promise<void> => {
    if (imagesPending(values.images) || linksPending(values.links)) {
      void message.warning(t('topics:form.uploading'));
      return;
    }
    if (imagesFailed(values.images)) {
      void message.error(t('topics:form.uploadFailed'));
      return;
    }
    try {
      await save();
    } catch (error) {
      if (!showFieldErrors(form, error, TOPIC_FORM_FIELDS)) void message.error(errorMessage(error, t));
    }
  };
}
