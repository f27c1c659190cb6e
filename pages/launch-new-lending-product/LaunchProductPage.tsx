import { ContentPage } from '../ContentPage';
import { content } from './content';

export function LaunchProductPage() {
  return <ContentPage content={content} />;
}
