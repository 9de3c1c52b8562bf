import { describe, expect, it } from 'vitest';
import {
  notificationLink,
  notificationParts,
  notificationPlainText,
  notificationText,
} from './notification-text.ts';

const text = (
  type: Parameters<typeof notificationText>[0]['type'],
  names: string[],
  count: number,
  eventTitle: string | null = null,
) => notificationText({ type, actorNames: names, actorCount: count, eventTitle });

describe('notificationText', () => {
  it('names one, two, or the latest and how many others', () => {
    expect(text('post_like', ['Ana Lima'], 1)).toBe('Ana Lima liked your post');
    expect(text('post_like', ['Bo Berg', 'Ana Lima'], 2)).toBe('Bo Berg and Ana Lima liked your post');
    expect(text('post_comment', ['Cy', 'Bo', 'Ana'], 2)).toBe('Cy and Bo commented on your post');
    expect(text('post_like', ['Di', 'Cy', 'Bo'], 4)).toBe('Di and 3 others liked your post');
    expect(text('post_like', ['Di', 'Cy', 'Bo'], 3)).toBe('Di and 2 others liked your post');
  });

  it('words each type, with the event title where there is one', () => {
    expect(text('new_follower', ['Ana'], 1)).toBe('Ana started following you');
    expect(text('mention', ['Ana'], 1)).toBe('Ana mentioned you');
    expect(text('event_interest', ['Ana'], 1, 'Jazz')).toBe('Ana is interested in your event “Jazz”');
    expect(text('event_interest', ['Bo', 'Ana'], 2, 'Jazz')).toBe(
      'Bo and Ana are interested in your event “Jazz”',
    );
    expect(text('event_reminder', [], 1, 'Jazz')).toBe('Reminder: “Jazz” is coming up');
    expect(text('report_reviewed', [], 1)).toBe('Your report was reviewed');
  });

  it('links to the subject: post, event, or the new follower', () => {
    expect(notificationLink({ type: 'post_like', postId: 'p1', eventId: null, actorId: 'a' })).toBe(
      '/postdetail/p1',
    );
    expect(notificationLink({ type: 'event_reminder', postId: null, eventId: 'e1', actorId: null })).toBe(
      '/eventdetail/e1',
    );
    expect(notificationLink({ type: 'new_follower', postId: null, eventId: null, actorId: 'u1' })).toBe(
      '/userpublicfeed/u1',
    );
    expect(notificationLink({ type: 'report_reviewed', postId: null, eventId: null, actorId: null })).toBe(
      '/notifications',
    );
  });
});

describe('notificationParts', () => {
  it('marks every name and event title as written by a member, and only those', () => {
    const byMember = (parts: ReturnType<typeof notificationParts>) =>
      parts.filter((part) => part.byMember).map((part) => part.text);
    const base = { actorCount: 2, eventTitle: null } as const;
    expect(byMember(notificationParts({ ...base, type: 'post_like', actorNames: ['محمد', 'Bo'] }))).toEqual([
      'محمد',
      'Bo',
    ]);
    const interest = notificationParts({
      type: 'event_interest',
      actorNames: ['Ana'],
      actorCount: 3,
      eventTitle: 'Picnic',
    });
    expect(byMember(interest)).toEqual(['Ana', 'Picnic']);
    expect(interest.map((part) => part.text).join('')).toBe(
      'Ana and 2 others are interested in your event “Picnic”',
    );
    expect(byMember(notificationParts({ ...base, type: 'report_reviewed', actorNames: [] }))).toEqual([]);
  });
});

describe('notificationPlainText', () => {
  it('isolates what members wrote, and only that, for a push without markup', () => {
    expect(
      notificationPlainText({
        type: 'event_interest',
        actorNames: ['سارة'],
        actorCount: 1,
        eventTitle: 'Jazz',
      }),
    ).toBe('\u2068سارة\u2069 is interested in your event “\u2068Jazz\u2069”');
    expect(
      notificationPlainText({ type: 'report_reviewed', actorNames: [], actorCount: 1, eventTitle: null }),
    ).toBe('Your report was reviewed');
  });
});
