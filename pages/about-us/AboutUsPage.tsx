import { ContentPage } from '../ContentPage';
import { content } from './content';

export function AboutUsPage() {
  return <ContentPage content={content} />;
}
