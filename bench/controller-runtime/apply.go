package main

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const fieldOwner = client.FieldOwner("website-controller")

// ApplyReconciler is the "apply always" style: every reconcile sends a server-side apply of every child (typed
// apply configurations from client-go) and of the status, and lets the API server work out what changed. No
// read of the children, no comparison: each reconcile costs five writes, and the server's work for each.
type ApplyReconciler struct {
	client.Client
}

func (r *ApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var site Website
	if err := r.Get(ctx, req.NamespacedName, &site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ns := site.Namespace
	owner := metav1ac.OwnerReference().
		WithAPIVersion(GroupVersion.String()).WithKind("Website").
		WithName(site.Name).WithUID(site.UID).
		WithController(true).WithBlockOwnerDeletion(true)

	children := []runtime.ApplyConfiguration{
		appsv1ac.Deployment(deploymentName(&site), ns).
			WithLabels(labels(&site)).WithOwnerReferences(owner).
			WithSpec(appsv1ac.DeploymentSpec().
				WithReplicas(replicas(&site)).
				WithSelector(metav1ac.LabelSelector().WithMatchLabels(labels(&site))).
				WithTemplate(corev1ac.PodTemplateSpec().
					WithLabels(labels(&site)).
					WithSpec(corev1ac.PodSpec().WithContainers(corev1ac.Container().
						WithName("web").WithImage(site.Spec.Image).
						WithPorts(corev1ac.ContainerPort().WithContainerPort(8080)))))),
		corev1ac.Service(serviceName(&site), ns).
			WithLabels(labels(&site)).WithOwnerReferences(owner).
			WithSpec(corev1ac.ServiceSpec().
				WithSelector(labels(&site)).
				WithPorts(corev1ac.ServicePort().WithName("http").WithPort(80).WithTargetPort(intstr.FromInt32(8080)))),
		corev1ac.ConfigMap(configMapName(&site), ns).
			WithLabels(labels(&site)).WithOwnerReferences(owner).
			WithData(map[string]string{"greeting": site.Spec.Greeting}),
		corev1ac.Secret(secretName(&site), ns).
			WithLabels(labels(&site)).WithOwnerReferences(owner).
			WithStringData(map[string]string{"password": site.Spec.Password}),
	}
	for _, child := range children {
		if err := r.Apply(ctx, child, fieldOwner, client.ForceOwnership); err != nil {
			return ctrl.Result{}, err
		}
	}

	// No generated apply configuration for the Website: the status goes as an unstructured apply, its
	// conditions computed from the cached ones so that an unchanged status keeps its transition time.
	readyStatus(&site)
	status, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&site.Status)
	if err != nil {
		return ctrl.Result{}, err
	}
	u := &unstructured.Unstructured{Object: map[string]any{"status": status}}
	u.SetAPIVersion(GroupVersion.String())
	u.SetKind("Website")
	u.SetName(site.Name)
	u.SetNamespace(ns)
	return ctrl.Result{}, r.Status().Apply(ctx, client.ApplyConfigurationFromUnstructured(u), fieldOwner, client.ForceOwnership)
}
