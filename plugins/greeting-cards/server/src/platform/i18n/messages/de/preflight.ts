// German print-check messages: every key of ../en/preflight.ts.
import type { preflight as en } from '../en/preflight';

export const preflight: Record<keyof typeof en, string> = {
  'preflight.page.front': 'Vorderseite',
  'preflight.page.inside_left': 'Innenseite links',
  'preflight.page.inside_right': 'Innenseite rechts',
  'preflight.page.back': 'Rückseite',
  'preflight.page.extra': 'Zusatzseite {number}',
  'preflight.unrenderable_design': 'Das Design kann nicht gedruckt werden: {detail}.',
  'preflight.outside_trim':
    'Ein Objekt auf der Seite „{where}“ liegt ganz außerhalb der Karte und würde abgeschnitten. Schieb es auf die Karte oder lösche es.',
  'preflight.placeholder_text':
    'Auf der Seite „{where}“ steht noch „{text}“: Ersetze den Beispieltext der Vorlage durch deinen eigenen.',
  'preflight.photo_unloadable': 'Ein Foto auf der Seite „{where}“ kann für den Druck nicht geladen werden.',
  'preflight.photo_low_resolution':
    'Ein Foto auf der Seite „{where}“ hat in Druckgröße nur {dpi} dpi (weniger als {min}) und könnte unscharf gedruckt werden. Nimm ein größeres Foto oder verkleinere es.',
  'preflight.text_outside_safe_area':
    'Text auf der Seite „{where}“ ragt über den Sicherheitsrand ({safe} mm vom Rand) und könnte abgeschnitten werden.',
  'preflight.photo_outside_safe_area':
    'Ein Foto auf der Seite „{where}“ ragt über den Sicherheitsrand ({safe} mm vom Rand) und könnte abgeschnitten werden.',
  'preflight.too_many_pages':
    '{count, plural, one {Diese Karte hat {count} Zusatzseite mit Unterschriften, eine Postkarte hat aber nur ihre vier Seiten. Verschicke sie als E-Card oder drucke sie selbst aus.} other {Diese Karte hat {count} Zusatzseiten mit Unterschriften, eine Postkarte hat aber nur ihre vier Seiten. Verschicke sie als E-Card oder drucke sie selbst aus.}}',
  'preflight.empty_inside_message':
    'Die Innenseite dieser Postkarte ist leer: Schreib eine Nachricht oder verschicke sie bewusst ohne.',
};
