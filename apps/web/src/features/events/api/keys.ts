/**
 * Query keys of the events domain; every invalidation imports them from here. All of them sit
 * under ['events'], so the live stream can refresh every event screen with one invalidation.
 */
import type { EventWhen } from '@glimpse/shared';

export type EventList = { kind: 'followed' } | { kind: 'host'; userId: string };

export const eventKeys = {
  all: ['events'] as const,
  lists: () => ['events', 'list'] as const,
  list: (list: EventList, when: EventWhen) => ['events', 'list', list, when] as const,
  upcomingAll: () => ['events', 'upcoming'] as const,
  upcoming: (limit: number) => ['events', 'upcoming', limit] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  interested: (id: string) => ['events', 'interested', id] as const,
};
