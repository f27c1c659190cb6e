import { ContentPage } from '../ContentPage';
import { content } from './content';

export function DecisionEnginePage() {
  return <ContentPage content={content} />;
}
