// Tracker hand-off (#22): what other company screens reuse (the topic
// detail shows CreateIssueButton with {topicId}).
export { CreateIssueButton } from './create-issue-button';
export { IntegrationsCard } from './integrations-card';
