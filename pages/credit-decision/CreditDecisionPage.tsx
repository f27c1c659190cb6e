import { ContentPage } from '../ContentPage';
import { content } from './content';

export function CreditDecisionPage() {
  return <ContentPage content={content} />;
}
