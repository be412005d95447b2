package main

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Names and labels of a Website's children (the same names orkestra's katalog gives them).

func deploymentName(w *Website) string { return w.Name + "-web" }
func serviceName(w *Website) string    { return w.Name + "-web" }
func configMapName(w *Website) string  { return w.Name + "-config" }
func secretName(w *Website) string     { return w.Name + "-secret" }

func labels(w *Website) map[string]string {
	return map[string]string{"app.kubernetes.io/name": "website", "app.kubernetes.io/instance": w.Name}
}

func replicas(w *Website) int32 {
	if w.Spec.Replicas != nil {
		return *w.Spec.Replicas
	}
	return 1
}

// readyStatus sets the status of a reconciled Website: the Ready condition (its transition time kept while the
// status does not change, as meta.SetStatusCondition does), the observed generation and the image.
func readyStatus(w *Website) {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled",
		Message: "all children are applied", ObservedGeneration: w.Generation,
	})
	w.Status.ObservedGeneration = w.Generation
	w.Status.Image = w.Spec.Image
}
