import { useTranslation } from 'react-i18next';
import { problemText, type RendererProblem } from '../formValues';

/** A value's problem in the reader's language (the same keys the server answers with). */
export function useProblemMessage() {
  const { t } = useTranslation('forms');
  return (problem: RendererProblem, title: string) => {
    const { key, params } = problemText(problem);
    const format = typeof params.format === 'string' ? t(`formats.${params.format}`) : undefined;
    return t(key, { ...params, title, ...(format ? { format } : {}) });
  };
}

export function ProblemText({ problem, title }: { problem: RendererProblem; title: string }) {
  const message = useProblemMessage();
  return (
    <div className="forms-problem" role="alert" data-testid={`problem-${problem.path}`}>
      {message(problem, title)}
    </div>
  );
}
