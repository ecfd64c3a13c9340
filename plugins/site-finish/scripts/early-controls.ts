/**
 * The page's controls before React: the code the page's first script runs at
 * once, before the first paint (after-first-paint.ts writes it in), so that
 * nothing a visitor taps between the first paint and React's arrival is
 * dead, and nothing typed is lost if React never comes:
 *
 * - the menu button opens and closes the menu (Escape and a tap outside close
 *   it; the keyboard goes round it while it is open), through its
 *   aria-expanded and its list's data-open, which React reads when it takes
 *   over and goes on from;
 * - Send on an enquiry form is held instead of posting the page away: the form
 *   says it is sending, and React sends it, once, when it comes; if it has not
 *   come within a few seconds, or one of its scripts failed, the form says so
 *   and shows the other ways to reach the company, what was typed still in it;
 * - the first focus, tap or key in an enquiry form is noted on it (data-began), before React and after, for
 *   the check the form sends beside the enquiry.
 *
 * Each of the other handlers stands down once React has started (the data-react attribute on
 * <html>). Written as plain ES5 without "<", so that nothing in it could read
 * as the end of its script element; the policy trusts it by its exact form.
 */
import {
  BEGAN_ATTRIBUTE,
  BUTTON_LABEL_ATTRIBUTE,
  CONTROLS_MARK,
  HELD_ATTRIBUTE,
  HELD_FORM_ATTRIBUTE,
  HELD_SECONDS,
  MENU_BUTTON_ATTRIBUTE,
  MENU_OPEN_ATTRIBUTE,
  REACT_ATTRIBUTE,
  SCRIPTS_FAILED_ATTRIBUTE,
  SENDING_ATTRIBUTE,
  STALLED_ATTRIBUTE,
  STALLED_NOTE_ATTRIBUTE,
} from "../../../src/lib/early-controls";

const q = JSON.stringify;

/** Statements run with `root` (document.documentElement) and `stall(form)` in scope. */
export const earlyControls =
  `function live(){return root.hasAttribute(${q(REACT_ATTRIBUTE)})}` +
  `function openMenu(){return document.querySelector(${q(`[${MENU_BUTTON_ATTRIBUTE}][aria-expanded="true"]`)})}` +
  `function setMenu(button,open){button.setAttribute("aria-expanded",String(open));` +
  `var list=document.getElementById(button.getAttribute("aria-controls"));` +
  `if(list){if(open)list.setAttribute(${q(MENU_OPEN_ATTRIBUTE)},"");else list.removeAttribute(${q(MENU_OPEN_ATTRIBUTE)})}}` +
  `document.addEventListener("click",function(event){if(live())return;` +
  `var target=event.target,button=target.closest&&target.closest(${q(`[${MENU_BUTTON_ATTRIBUTE}]`)});` +
  `if(button){setMenu(button,button.getAttribute("aria-expanded")!=="true");return}` +
  `var open=openMenu();if(open&&!open.parentNode.contains(target))setMenu(open,false)});` +
  `document.addEventListener("keydown",function(event){var open=openMenu();if(live()||!open)return;` +
  `if(event.key==="Escape"){setMenu(open,false);open.focus();return}` +
  `if(event.key!=="Tab")return;var stops=open.parentNode.querySelectorAll("button, a[href]"),` +
  `first=stops[0],last=stops[stops.length-1];` +
  `if(event.shiftKey&&document.activeElement===first){event.preventDefault();last.focus()}` +
  `else if(!event.shiftKey&&document.activeElement===last){event.preventDefault();first.focus()}});` +
  `document.addEventListener("submit",function(event){var form=event.target;` +
  `if(live()||!form.hasAttribute(${q(HELD_FORM_ATTRIBUTE)}))return;event.preventDefault();` +
  `if(form.hasAttribute(${q(HELD_ATTRIBUTE)}))return;` +
  `form.setAttribute(${q(HELD_ATTRIBUTE)},"");form.setAttribute(${q(SENDING_ATTRIBUTE)},"");` +
  `Array.prototype.forEach.call(form.querySelectorAll(${q(`[${BUTTON_LABEL_ATTRIBUTE}]`)}),function(label){` +
  `label.hidden=label.getAttribute(${q(BUTTON_LABEL_ATTRIBUTE)})!=="sending"});` +
  `if(root.hasAttribute(${q(SCRIPTS_FAILED_ATTRIBUTE)}))stall(form);` +
  `else setTimeout(function(){if(form.hasAttribute(${q(HELD_ATTRIBUTE)}))stall(form)},${HELD_SECONDS * 1000})});` +
  `["focusin","pointerdown","keydown","input"].forEach(function(type){document.addEventListener(type,function(event){` +
  `var form=event.target.closest&&event.target.closest(${q(`[${HELD_FORM_ATTRIBUTE}]`)});` +
  `if(form&&!form.hasAttribute(${q(BEGAN_ATTRIBUTE)})&&window.performance)` +
  `form.setAttribute(${q(BEGAN_ATTRIBUTE)},String(Math.round(performance.now())))},true)});` +
  `if(window.performance&&performance.mark)performance.mark(${q(CONTROLS_MARK)});`;

/** What a failed script does: React will not come, so every form holding a Send says so at once. */
export const scriptFailed =
  `root.setAttribute(${q(SCRIPTS_FAILED_ATTRIBUTE)},"");` +
  `Array.prototype.forEach.call(document.querySelectorAll(${q(`form[${HELD_ATTRIBUTE}]`)}),stall)`;

export const stallFunction =
  `function stall(form){form.setAttribute(${q(STALLED_ATTRIBUTE)},"");` +
  `var note=form.querySelector(${q(`[${STALLED_NOTE_ATTRIBUTE}]`)});if(note)note.hidden=false}`;
